import { EditPage } from '../common/FormPages.tsx';
import { TestimonialForm } from './TestimonialForm.tsx';

export const TestimonialEdit = () => (
  <EditPage>
    <TestimonialForm />
  </EditPage>
);
