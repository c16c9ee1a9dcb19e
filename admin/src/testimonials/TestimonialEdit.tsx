import { TestimonialForm } from './TestimonialForm.tsx';
import { EditPage } from '../screens/FormPages.tsx';

export const TestimonialEdit = () => (
  <EditPage>
    <TestimonialForm />
  </EditPage>
);
