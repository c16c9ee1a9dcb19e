import { LocalizedField, ReferenceName, TruncatedText } from '../common/fields.tsx';
import { ListPage } from '../screens/ListPage.tsx';

export function MediaList() {
  return (
    <ListPage>
      <LocalizedField source="title" sortBy="title_uz" />
      <TruncatedText source="link" />
      <ReferenceName source="product_id" reference="products" />
    </ListPage>
  );
}
