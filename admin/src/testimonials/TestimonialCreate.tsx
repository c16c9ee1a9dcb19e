import { TestimonialForm } from './TestimonialForm.tsx';
import { CreatePage } from '../screens/FormPages.tsx';

export const TestimonialCreate = () => (
  <CreatePage>
    <TestimonialForm />
  </CreatePage>
);
