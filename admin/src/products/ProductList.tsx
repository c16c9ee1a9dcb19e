import { ReferenceField, TextField } from 'react-admin';
import { LocalizedField, TruncatedText } from '../common/fields.tsx';
import { ListPage } from '../common/ListPage.tsx';

export function ProductList() {
  return (
    <ListPage>
      <LocalizedField source="name_uz" label="resources.products.fields.name" />
      <TruncatedText
        sortable={false}
        source="description_uz"
        label="resources.products.fields.description"
      />
      <ReferenceField source="category_id" reference="categories" link={false}>
        <TextField source="name_uz" />
      </ReferenceField>
    </ListPage>
  );
}
