import { LocalizedField, TruncatedText } from '../common/fields.tsx';
import { ListPage } from '../common/ListPage.tsx';

export function CategoryList() {
  return (
    <ListPage>
      <LocalizedField source="name_uz" label="resources.categories.fields.name" />
      <TruncatedText
        sortable={false}
        source="description_uz"
        label="resources.categories.fields.description"
      />
    </ListPage>
  );
}
