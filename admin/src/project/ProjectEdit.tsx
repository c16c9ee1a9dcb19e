import { DocumentsSection } from '../documents/DocumentsSection.tsx';
import { ProjectForm } from './ProjectForm.tsx';
import { EditPage } from '../screens/FormPages.tsx';

export const ProjectEdit = () => (
  <EditPage>
    <ProjectForm />
    <DocumentsSection owner="project_id" />
  </EditPage>
);
