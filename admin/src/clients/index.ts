import HandshakeIcon from '@mui/icons-material/Handshake';
import { labelRepresentation } from '../common/recordRepresentation.ts';
import { lazyScreen } from '../screens/lazyScreen.ts';
import type { ResourceScreens } from '../screens/resourceScreens.ts';

/** The clients screens, registered by App.tsx from the shared resource registry. */
export default {
  list: lazyScreen(() => import('./ClientList.tsx'), 'ClientList'),
  create: lazyScreen(() => import('./ClientCreate.tsx'), 'ClientCreate'),
  edit: lazyScreen(() => import('./ClientEdit.tsx'), 'ClientEdit'),
  icon: HandshakeIcon,
  recordRepresentation: labelRepresentation('clients'),
} satisfies ResourceScreens;
