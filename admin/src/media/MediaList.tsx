import { ReferenceField, TextField } from 'react-admin';
import { LocalizedField, TruncatedText } from '../common/fields.tsx';
import { ListPage } from '../common/ListPage.tsx';

export function MediaList() {
  return (
    <ListPage>
      <LocalizedField source="title_uz" label="resources.media.fields.title" />
      <TruncatedText sortable={false} source="link" label="resources.media.fields.link" />
      <ReferenceField source="product_id" reference="products" link={false}>
        <TextField source="name_uz" />
      </ReferenceField>
    </ListPage>
  );
}
