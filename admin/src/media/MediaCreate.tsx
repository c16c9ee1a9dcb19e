import { CreatePage } from '../common/FormPages.tsx';
import { MediaForm } from './MediaForm.tsx';

export const MediaCreate = () => (
  <CreatePage>
    <MediaForm />
  </CreatePage>
);
