import { CreatePage } from '../common/FormPages.tsx';
import { TestimonialForm } from './TestimonialForm.tsx';

export const TestimonialCreate = () => (
  <CreatePage>
    <TestimonialForm />
  </CreatePage>
);
