import WorkIcon from '@mui/icons-material/Work';
import { labelRepresentation } from '../common/recordRepresentation.ts';
import { lazyScreen } from '../screens/lazyScreen.ts';
import type { ResourceScreens } from '../screens/resourceScreens.ts';

/** The project screens, registered by App.tsx from the shared resource registry. */
export default {
  list: lazyScreen(() => import('./ProjectList.tsx'), 'ProjectList'),
  create: lazyScreen(() => import('./ProjectCreate.tsx'), 'ProjectCreate'),
  edit: lazyScreen(() => import('./ProjectEdit.tsx'), 'ProjectEdit'),
  icon: WorkIcon,
  recordRepresentation: labelRepresentation('project'),
} satisfies ResourceScreens;
