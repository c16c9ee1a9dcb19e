import { MediaForm } from './MediaForm.tsx';
import { CreatePage } from '../screens/FormPages.tsx';

export const MediaCreate = () => (
  <CreatePage>
    <MediaForm />
  </CreatePage>
);
