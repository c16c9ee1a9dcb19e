import StorefrontIcon from '@mui/icons-material/Storefront';
import { labelRepresentation } from '../common/recordRepresentation.ts';
import { lazyScreen } from '../screens/lazyScreen.ts';
import type { ResourceScreens } from '../screens/resourceScreens.ts';
import { withNewCount } from '../workflow/NewCountIcon.tsx';

/** The suppliers screens, registered by App.tsx from the shared resource registry. */
export default {
  list: lazyScreen(() => import('./SupplierList.tsx'), 'SupplierList'),
  edit: lazyScreen(() => import('./SupplierEdit.tsx'), 'SupplierEdit'),
  icon: withNewCount(StorefrontIcon, 'suppliers'),
  recordRepresentation: labelRepresentation('suppliers'),
} satisfies ResourceScreens;
