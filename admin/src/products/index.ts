import InventoryIcon from '@mui/icons-material/Inventory2';
import { lazyScreen } from '../common/lazyScreen.ts';
import type { ResourceScreens } from '../common/resourceScreens.ts';

const screens = () => import('./screens.tsx');

/** The products screens, registered by App.tsx from the shared resource registry. */
export default {
  list: lazyScreen(screens, 'ProductList'),
  create: lazyScreen(screens, 'ProductCreate'),
  edit: lazyScreen(screens, 'ProductEdit'),
  icon: InventoryIcon,
  recordRepresentation: 'name_uz',
} satisfies ResourceScreens;
