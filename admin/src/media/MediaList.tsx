import { ReferenceField, TextField } from 'react-admin';
import { LocalizedField, TruncatedText } from '../common/fields.tsx';
import { ListPage } from '../common/ListPage.tsx';

export function MediaList() {
  return (
    <ListPage>
      <LocalizedField source="title" sortBy="title_uz" />
      <TruncatedText source="link" sortable={false} />
      <ReferenceField source="product_id" reference="products" link={false}>
        <TextField source="name_uz" />
      </ReferenceField>
    </ListPage>
  );
}
