import VideoLibraryIcon from '@mui/icons-material/VideoLibrary';
import { lazyScreen } from '../common/lazyScreen.ts';
import type { ResourceScreens } from '../common/resourceScreens.ts';

const screens = () => import('./screens.tsx');

/** The media screens, registered by App.tsx from the shared resource registry. */
export default {
  list: lazyScreen(screens, 'MediaList'),
  create: lazyScreen(screens, 'MediaCreate'),
  edit: lazyScreen(screens, 'MediaEdit'),
  icon: VideoLibraryIcon,
  recordRepresentation: 'title_uz',
} satisfies ResourceScreens;
