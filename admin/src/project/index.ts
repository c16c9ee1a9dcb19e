import WorkIcon from '@mui/icons-material/Work';
import { lazyScreen } from '../common/lazyScreen.ts';
import type { ResourceScreens } from '../common/resourceScreens.ts';

const screens = () => import('./screens.tsx');

/** The project screens, registered by App.tsx from the shared resource registry. */
export default {
  list: lazyScreen(screens, 'ProjectList'),
  create: lazyScreen(screens, 'ProjectCreate'),
  edit: lazyScreen(screens, 'ProjectEdit'),
  icon: WorkIcon,
  recordRepresentation: 'title_uz',
} satisfies ResourceScreens;
