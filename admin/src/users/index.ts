import PeopleIcon from '@mui/icons-material/People';
import { lazyScreen } from '../common/lazyScreen.ts';
import type { ResourceScreens } from '../common/resourceScreens.ts';

const screens = () => import('./screens.tsx');

/** The users screens, registered by App.tsx from the shared resource registry. */
export default {
  list: lazyScreen(screens, 'UserList'),
  create: lazyScreen(screens, 'UserCreate'),
  edit: lazyScreen(screens, 'UserEdit'),
  icon: PeopleIcon,
  recordRepresentation: 'user_name',
} satisfies ResourceScreens;
