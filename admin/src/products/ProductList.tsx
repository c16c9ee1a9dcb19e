import { ReferenceField, TextField } from 'react-admin';
import { LocalizedField, TruncatedText } from '../common/fields.tsx';
import { ListPage } from '../common/ListPage.tsx';

export function ProductList() {
  return (
    <ListPage>
      <LocalizedField source="name" sortBy="name_uz" />
      <TruncatedText source="description" sortable={false} />
      <ReferenceField source="category_id" reference="categories" link={false}>
        <TextField source="name_uz" />
      </ReferenceField>
    </ListPage>
  );
}
