import DescriptionIcon from '@mui/icons-material/Description';
import { labelRepresentation } from '../common/recordRepresentation.ts';
import { lazyScreen } from '../screens/lazyScreen.ts';
import type { ResourceScreens } from '../screens/resourceScreens.ts';

/** The documents' screens (datasheets, manuals, drawings), registered by App.tsx from the registry. */
export default {
  list: lazyScreen(() => import('./DocumentList.tsx'), 'DocumentList'),
  create: lazyScreen(() => import('./DocumentCreate.tsx'), 'DocumentCreate'),
  edit: lazyScreen(() => import('./DocumentEdit.tsx'), 'DocumentEdit'),
  icon: DescriptionIcon,
  recordRepresentation: labelRepresentation('documents'),
} satisfies ResourceScreens;
