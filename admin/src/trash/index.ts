import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';
import { lazyScreen } from '../screens/lazyScreen.ts';
import type { ResourceScreens } from '../screens/resourceScreens.ts';

/**
 * The trash: what staff deleted, to restore or delete for good. Registered beside
 * the registry's resources; each role sees the deleted records of what it may change.
 */
export default {
  list: lazyScreen(() => import('./TrashList.tsx'), 'TrashList'),
  icon: DeleteSweepIcon,
} satisfies ResourceScreens;
