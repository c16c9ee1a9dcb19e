import VideoLibraryIcon from '@mui/icons-material/VideoLibrary';
import { lazyScreen } from '../common/lazyScreen.ts';
import { labelRepresentation } from '../common/recordRepresentation.ts';
import type { ResourceScreens } from '../common/resourceScreens.ts';

/** The media screens, registered by App.tsx from the shared resource registry. */
export default {
  list: lazyScreen(() => import('./MediaList.tsx'), 'MediaList'),
  create: lazyScreen(() => import('./MediaCreate.tsx'), 'MediaCreate'),
  edit: lazyScreen(() => import('./MediaEdit.tsx'), 'MediaEdit'),
  icon: VideoLibraryIcon,
  recordRepresentation: labelRepresentation('media'),
} satisfies ResourceScreens;
