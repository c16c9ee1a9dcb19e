import { EditPage } from '../common/FormPages.tsx';
import { ProjectForm } from './ProjectForm.tsx';

export const ProjectEdit = () => (
  <EditPage>
    <ProjectForm />
  </EditPage>
);
