import { CreatePage } from '../common/FormPages.tsx';
import { ProjectForm } from './ProjectForm.tsx';

export const ProjectCreate = () => (
  <CreatePage>
    <ProjectForm />
  </CreatePage>
);
