import InventoryIcon from '@mui/icons-material/Inventory2';
import { labelRepresentation } from '../common/recordRepresentation.ts';
import { lazyScreen } from '../screens/lazyScreen.ts';
import type { ResourceScreens } from '../screens/resourceScreens.ts';

/** The products screens, registered by App.tsx from the shared resource registry. */
export default {
  list: lazyScreen(() => import('./ProductList.tsx'), 'ProductList'),
  create: lazyScreen(() => import('./ProductCreate.tsx'), 'ProductCreate'),
  edit: lazyScreen(() => import('./ProductEdit.tsx'), 'ProductEdit'),
  icon: InventoryIcon,
  recordRepresentation: labelRepresentation('products'),
} satisfies ResourceScreens;
