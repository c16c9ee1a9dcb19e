import CategoryIcon from '@mui/icons-material/Category';
import { lazyScreen } from '../common/lazyScreen.ts';
import { labelRepresentation } from '../common/recordRepresentation.ts';
import type { ResourceScreens } from '../common/resourceScreens.ts';

/** The categories screens, registered by App.tsx from the shared resource registry. */
export default {
  list: lazyScreen(() => import('./CategoryList.tsx'), 'CategoryList'),
  create: lazyScreen(() => import('./CategoryCreate.tsx'), 'CategoryCreate'),
  edit: lazyScreen(() => import('./CategoryEdit.tsx'), 'CategoryEdit'),
  icon: CategoryIcon,
  recordRepresentation: labelRepresentation('categories'),
} satisfies ResourceScreens;
