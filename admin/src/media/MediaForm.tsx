import { mediaFields } from '@conveyor/shared';
import { required, TextInput } from 'react-admin';
import { LocalizedInputs } from '../common/LocalizedInputs.tsx';
import { ReferenceChoice } from '../common/ReferenceChoice.tsx';
import { textRules } from '../common/schemaRules.ts';
import { ResourceForm } from '../screens/ResourceForm.tsx';

const linkRules = [required(), ...textRules(mediaFields.link, 'conveyor.errors.url')];

export function MediaForm() {
  return (
    <ResourceForm>
      <LocalizedInputs prefix="title" required />
      <TextInput source="link" validate={linkRules} fullWidth />
      <ReferenceChoice source="product_id" reference="products" />
    </ResourceForm>
  );
}
