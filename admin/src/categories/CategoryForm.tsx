import { categoryFields } from '@conveyor/shared';
import { TextInput } from 'react-admin';
import { ImageUpload } from '../common/ImageUpload.tsx';
import { LocalizedInputs } from '../common/LocalizedInputs.tsx';
import { ResourceForm } from '../common/ResourceForm.tsx';
import { textRules } from '../common/schemaRules.ts';

export function CategoryForm() {
  return (
    <ResourceForm>
      <LocalizedInputs prefix="name" required />
      <LocalizedInputs prefix="description" multiline />
      <TextInput source="link" validate={textRules(categoryFields.link)} fullWidth />
      <ImageUpload source="image" />
    </ResourceForm>
  );
}
