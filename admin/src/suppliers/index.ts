import StorefrontIcon from '@mui/icons-material/Storefront';
import { lazyScreen } from '../common/lazyScreen.ts';
import type { ResourceScreens } from '../common/resourceScreens.ts';

const screens = () => import('./screens.tsx');

/** The suppliers screens, registered by App.tsx from the shared resource registry. */
export default {
  list: lazyScreen(screens, 'SupplierList'),
  edit: lazyScreen(screens, 'SupplierEdit'),
  icon: StorefrontIcon,
  recordRepresentation: 'company_name',
} satisfies ResourceScreens;
