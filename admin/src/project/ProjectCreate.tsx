import { DocumentsSection } from '../documents/DocumentsSection.tsx';
import { ProjectForm } from './ProjectForm.tsx';
import { CreatePage } from '../screens/FormPages.tsx';

export const ProjectCreate = () => (
  <CreatePage>
    <ProjectForm />
    <DocumentsSection owner="project_id" />
  </CreatePage>
);
