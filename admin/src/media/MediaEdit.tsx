import { EditPage } from '../common/FormPages.tsx';
import { MediaForm } from './MediaForm.tsx';

export const MediaEdit = () => (
  <EditPage>
    <MediaForm />
  </EditPage>
);
