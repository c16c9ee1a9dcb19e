import MailIcon from '@mui/icons-material/Mail';
import { lazyScreen } from '../common/lazyScreen.ts';
import type { ResourceScreens } from '../common/resourceScreens.ts';

const screens = () => import('./screens.tsx');

/** The leads screens, registered by App.tsx from the shared resource registry. */
export default {
  list: lazyScreen(screens, 'LeadList'),
  show: lazyScreen(screens, 'LeadShow'),
  icon: MailIcon,
  recordRepresentation: 'name',
} satisfies ResourceScreens;
