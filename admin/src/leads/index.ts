import MailIcon from '@mui/icons-material/Mail';
import { labelRepresentation } from '../common/recordRepresentation.ts';
import { lazyScreen } from '../screens/lazyScreen.ts';
import type { ResourceScreens } from '../screens/resourceScreens.ts';
import { withNewCount } from '../workflow/NewCountIcon.tsx';

/** The leads screens, registered by App.tsx from the shared resource registry. */
export default {
  list: lazyScreen(() => import('./LeadList.tsx'), 'LeadList'),
  show: lazyScreen(() => import('./LeadShow.tsx'), 'LeadShow'),
  icon: withNewCount(MailIcon, 'leads'),
  recordRepresentation: labelRepresentation('leads'),
} satisfies ResourceScreens;
