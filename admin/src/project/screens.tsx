import { BooleanInput, required, SimpleForm, TextInput } from 'react-admin';
import { LocalizedField, RowNumber, TruncatedText } from '../common/fields.tsx';
import { LocalizedInputs } from '../common/LocalizedInputs.tsx';
import { CreatePage, EditPage, FormToolbar, ListPage, RowActions } from '../common/pages.tsx';
import { StatusSwitch } from '../common/StatusSwitch.tsx';
import { httpUrl } from '../common/validators.ts';

export function ProjectList() {
  return (
    <ListPage>
      <RowNumber label="conveyor.list.number" />
      <LocalizedField source="title_uz" label="resources.project.fields.title" />
      <TruncatedText sortable={false} source="link" label="resources.project.fields.link" />
      <StatusSwitch label="conveyor.list.status" />
      <RowActions label="conveyor.list.actions" />
    </ListPage>
  );
}

function ProjectForm() {
  return (
    <SimpleForm toolbar={<FormToolbar />} defaultValues={{ is_active: true }}>
      <LocalizedInputs prefix="title" required />
      <LocalizedInputs prefix="description" multiline />
      <TextInput source="link" validate={[required(), httpUrl]} fullWidth />
      <BooleanInput source="is_active" />
    </SimpleForm>
  );
}

export const ProjectCreate = () => (
  <CreatePage>
    <ProjectForm />
  </CreatePage>
);
export const ProjectEdit = () => (
  <EditPage>
    <ProjectForm />
  </EditPage>
);
