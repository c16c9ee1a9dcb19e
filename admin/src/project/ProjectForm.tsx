import { projectFields } from '@conveyor/shared';
import { required, TextInput } from 'react-admin';
import { LocalizedInputs } from '../common/LocalizedInputs.tsx';
import { textRules } from '../common/schemaRules.ts';
import { ResourceForm } from '../screens/ResourceForm.tsx';

const linkRules = [required(), ...textRules(projectFields.link, 'conveyor.errors.url')];

export function ProjectForm() {
  return (
    <ResourceForm>
      <LocalizedInputs prefix="title" required />
      <LocalizedInputs prefix="description" multiline />
      <TextInput source="link" validate={linkRules} fullWidth />
    </ResourceForm>
  );
}
