import { LocalizedField, ReferenceName, TruncatedText } from '../common/fields.tsx';
import { ListPage } from '../common/ListPage.tsx';

export function ProductList() {
  return (
    <ListPage>
      <LocalizedField source="name" sortBy="name_uz" />
      <TruncatedText source="description" sortable={false} />
      <ReferenceName source="category_id" reference="categories" />
    </ListPage>
  );
}
