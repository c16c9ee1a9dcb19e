import VideoLibraryIcon from '@mui/icons-material/VideoLibrary';
import { labelRepresentation } from '../common/recordRepresentation.ts';
import { lazyScreen } from '../screens/lazyScreen.ts';
import type { ResourceScreens } from '../screens/resourceScreens.ts';

/** The media screens, registered by App.tsx from the shared resource registry. */
export default {
  list: lazyScreen(() => import('./MediaList.tsx'), 'MediaList'),
  create: lazyScreen(() => import('./MediaCreate.tsx'), 'MediaCreate'),
  edit: lazyScreen(() => import('./MediaEdit.tsx'), 'MediaEdit'),
  icon: VideoLibraryIcon,
  recordRepresentation: labelRepresentation('media'),
} satisfies ResourceScreens;
