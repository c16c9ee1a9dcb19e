import RateReviewIcon from '@mui/icons-material/RateReview';
import { lazyScreen } from '../common/lazyScreen.ts';
import { labelRepresentation } from '../common/recordRepresentation.ts';
import type { ResourceScreens } from '../common/resourceScreens.ts';

/** The testimonials screens, registered by App.tsx from the shared resource registry. */
export default {
  list: lazyScreen(() => import('./TestimonialList.tsx'), 'TestimonialList'),
  create: lazyScreen(() => import('./TestimonialCreate.tsx'), 'TestimonialCreate'),
  edit: lazyScreen(() => import('./TestimonialEdit.tsx'), 'TestimonialEdit'),
  icon: RateReviewIcon,
  recordRepresentation: labelRepresentation('testimonials'),
} satisfies ResourceScreens;
