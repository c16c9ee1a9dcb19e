import { LocalizedField, TruncatedText } from '../common/fields.tsx';
import { ListPage } from '../screens/ListPage.tsx';

export function CategoryList() {
  return (
    <ListPage>
      <LocalizedField source="name" sortBy="name_uz" />
      <TruncatedText source="description" sortable={false} />
    </ListPage>
  );
}
