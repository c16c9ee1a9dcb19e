import { ProjectForm } from './ProjectForm.tsx';
import { CreatePage } from '../screens/FormPages.tsx';

export const ProjectCreate = () => (
  <CreatePage>
    <ProjectForm />
  </CreatePage>
);
