import HandshakeIcon from '@mui/icons-material/Handshake';
import { lazyScreen } from '../common/lazyScreen.ts';
import type { ResourceScreens } from '../common/resourceScreens.ts';

const screens = () => import('./screens.tsx');

/** The clients screens, registered by App.tsx from the shared resource registry. */
export default {
  list: lazyScreen(screens, 'ClientList'),
  create: lazyScreen(screens, 'ClientCreate'),
  edit: lazyScreen(screens, 'ClientEdit'),
  icon: HandshakeIcon,
  recordRepresentation: 'name',
} satisfies ResourceScreens;
