import RateReviewIcon from '@mui/icons-material/RateReview';
import { labelRepresentation } from '../common/recordRepresentation.ts';
import { lazyScreen } from '../screens/lazyScreen.ts';
import type { ResourceScreens } from '../screens/resourceScreens.ts';

/** The testimonials screens, registered by App.tsx from the shared resource registry. */
export default {
  list: lazyScreen(() => import('./TestimonialList.tsx'), 'TestimonialList'),
  create: lazyScreen(() => import('./TestimonialCreate.tsx'), 'TestimonialCreate'),
  edit: lazyScreen(() => import('./TestimonialEdit.tsx'), 'TestimonialEdit'),
  icon: RateReviewIcon,
  recordRepresentation: labelRepresentation('testimonials'),
} satisfies ResourceScreens;
