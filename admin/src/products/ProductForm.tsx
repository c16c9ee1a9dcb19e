import { ImageUpload } from '../common/ImageUpload.tsx';
import { LocalizedInputs } from '../common/LocalizedInputs.tsx';
import { ReferenceChoice } from '../common/ReferenceChoice.tsx';
import { ResourceForm } from '../screens/ResourceForm.tsx';
import { SpecsInput } from '../specs/SpecsInput.tsx';
import { RelatedInput } from './RelatedInput.tsx';

const byName = { field: 'name_uz', order: 'ASC' } as const;

export function ProductForm() {
  return (
    <ResourceForm defaultValues={{ images: [], specs: [], related: [] }}>
      <LocalizedInputs prefix="name" required />
      <ReferenceChoice source="category_id" reference="categories" sort={byName} />
      <LocalizedInputs prefix="description" multiline />
      <ImageUpload source="image" />
      <ImageUpload source="images" multiple />
      <SpecsInput />
      <RelatedInput />
    </ResourceForm>
  );
}
