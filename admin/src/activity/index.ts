import HistoryIcon from '@mui/icons-material/History';
import { lazyScreen } from '../screens/lazyScreen.ts';
import type { ResourceScreens } from '../screens/resourceScreens.ts';

/** The activity log: a read-only list, registered beside the registry's resources. */
export default {
  list: lazyScreen(() => import('./ActivityList.tsx'), 'ActivityList'),
  icon: HistoryIcon,
} satisfies ResourceScreens;
