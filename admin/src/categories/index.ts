import CategoryIcon from '@mui/icons-material/Category';
import { labelRepresentation } from '../common/recordRepresentation.ts';
import { lazyScreen } from '../screens/lazyScreen.ts';
import type { ResourceScreens } from '../screens/resourceScreens.ts';

/** The categories screens, registered by App.tsx from the shared resource registry. */
export default {
  list: lazyScreen(() => import('./CategoryList.tsx'), 'CategoryList'),
  create: lazyScreen(() => import('./CategoryCreate.tsx'), 'CategoryCreate'),
  edit: lazyScreen(() => import('./CategoryEdit.tsx'), 'CategoryEdit'),
  icon: CategoryIcon,
  recordRepresentation: labelRepresentation('categories'),
} satisfies ResourceScreens;
