import { categoryFields } from '@conveyor/shared';
import { TextInput } from 'react-admin';
import { ImageUpload } from '../common/ImageUpload.tsx';
import { LocalizedInputs } from '../common/LocalizedInputs.tsx';
import { textRules } from '../common/schemaRules.ts';
import { ResourceForm } from '../screens/ResourceForm.tsx';
import { TemplateInput } from '../specs/TemplateInput.tsx';

export function CategoryForm() {
  return (
    <ResourceForm>
      <LocalizedInputs prefix="name" required />
      <LocalizedInputs prefix="description" multiline />
      <TextInput source="link" validate={textRules(categoryFields.link)} fullWidth />
      <ImageUpload source="image" />
      <TemplateInput />
    </ResourceForm>
  );
}
