import { LocalizedField, TruncatedText } from '../common/fields.tsx';
import { ListPage } from '../screens/ListPage.tsx';
import { ThumbnailField, TranslationsField } from '../common/listColumns.tsx';

export function CategoryList() {
  return (
    <ListPage>
      <ThumbnailField label="conveyor.list.picture" sortable={false} />
      <LocalizedField source="name" sortBy="name_uz" />
      <TruncatedText source="description" sortBy="description_uz" />
      <TranslationsField label="conveyor.list.translations" sortable={false} />
    </ListPage>
  );
}
