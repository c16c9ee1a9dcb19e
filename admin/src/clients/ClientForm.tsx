import { clientFields } from '@conveyor/shared';
import { required, TextInput } from 'react-admin';
import { ImageUpload } from '../common/ImageUpload.tsx';
import { textRules } from '../common/schemaRules.ts';
import { ResourceForm } from '../screens/ResourceForm.tsx';

const nameRules = [required(), ...textRules(clientFields.name)];

export function ClientForm() {
  return (
    <ResourceForm>
      <TextInput source="name" validate={nameRules} />
      <ImageUpload source="image" />
    </ResourceForm>
  );
}
