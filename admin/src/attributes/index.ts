import TuneIcon from '@mui/icons-material/Tune';
import { labelRepresentation } from '../common/recordRepresentation.ts';
import { lazyScreen } from '../screens/lazyScreen.ts';
import type { ResourceScreens } from '../screens/resourceScreens.ts';

/** The specifications' attributes, registered by App.tsx from the shared resource registry. */
export default {
  list: lazyScreen(() => import('./AttributeList.tsx'), 'AttributeList'),
  create: lazyScreen(() => import('./AttributeCreate.tsx'), 'AttributeCreate'),
  edit: lazyScreen(() => import('./AttributeEdit.tsx'), 'AttributeEdit'),
  icon: TuneIcon,
  recordRepresentation: labelRepresentation('attributes'),
} satisfies ResourceScreens;
