import { MediaForm } from './MediaForm.tsx';
import { EditPage } from '../screens/FormPages.tsx';

export const MediaEdit = () => (
  <EditPage>
    <MediaForm />
  </EditPage>
);
