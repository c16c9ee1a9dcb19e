import PeopleIcon from '@mui/icons-material/People';
import { labelRepresentation } from '../common/recordRepresentation.ts';
import { lazyScreen } from '../screens/lazyScreen.ts';
import type { ResourceScreens } from '../screens/resourceScreens.ts';

/** The users screens, registered by App.tsx from the shared resource registry. */
export default {
  list: lazyScreen(() => import('./UserList.tsx'), 'UserList'),
  create: lazyScreen(() => import('./UserCreate.tsx'), 'UserCreate'),
  edit: lazyScreen(() => import('./UserEdit.tsx'), 'UserEdit'),
  icon: PeopleIcon,
  recordRepresentation: labelRepresentation('users'),
} satisfies ResourceScreens;
