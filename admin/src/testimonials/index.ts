import RateReviewIcon from '@mui/icons-material/RateReview';
import { lazyScreen } from '../common/lazyScreen.ts';
import type { ResourceScreens } from '../common/resourceScreens.ts';

const screens = () => import('./screens.tsx');

/** The testimonials screens, registered by App.tsx from the shared resource registry. */
export default {
  list: lazyScreen(screens, 'TestimonialList'),
  create: lazyScreen(screens, 'TestimonialCreate'),
  edit: lazyScreen(screens, 'TestimonialEdit'),
  icon: RateReviewIcon,
  recordRepresentation: 'name_uz',
} satisfies ResourceScreens;
