import CategoryIcon from '@mui/icons-material/Category';
import { lazyScreen } from '../common/lazyScreen.ts';
import type { ResourceScreens } from '../common/resourceScreens.ts';

const screens = () => import('./screens.tsx');

/** The categories screens, registered by App.tsx from the shared resource registry. */
export default {
  list: lazyScreen(screens, 'CategoryList'),
  create: lazyScreen(screens, 'CategoryCreate'),
  edit: lazyScreen(screens, 'CategoryEdit'),
  icon: CategoryIcon,
  recordRepresentation: 'name_uz',
} satisfies ResourceScreens;
