import StorefrontIcon from '@mui/icons-material/Storefront';
import { lazyScreen } from '../common/lazyScreen.ts';
import { labelRepresentation } from '../common/recordRepresentation.ts';
import type { ResourceScreens } from '../common/resourceScreens.ts';
import { withNewCount } from '../workflow/NewCountIcon.tsx';

/** The suppliers screens, registered by App.tsx from the shared resource registry. */
export default {
  list: lazyScreen(() => import('./SupplierList.tsx'), 'SupplierList'),
  edit: lazyScreen(() => import('./SupplierEdit.tsx'), 'SupplierEdit'),
  icon: withNewCount(StorefrontIcon, 'suppliers'),
  recordRepresentation: labelRepresentation('suppliers'),
} satisfies ResourceScreens;
