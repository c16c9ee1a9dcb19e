import EventIcon from '@mui/icons-material/Event';
import { lazyScreen } from '../screens/lazyScreen.ts';
import type { ResourceScreens } from '../screens/resourceScreens.ts';

/**
 * The Scheduled screen: what goes live or offline when. Registered beside the
 * registry's resources; a record's own schedule is set on its edit screen.
 */
export default {
  list: lazyScreen(() => import('./ScheduleList.tsx'), 'ScheduleList'),
  icon: EventIcon,
} satisfies ResourceScreens;
