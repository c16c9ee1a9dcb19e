import { ProjectForm } from './ProjectForm.tsx';
import { EditPage } from '../screens/FormPages.tsx';

export const ProjectEdit = () => (
  <EditPage>
    <ProjectForm />
  </EditPage>
);
