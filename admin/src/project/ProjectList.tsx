import { LocalizedField, TruncatedText } from '../common/fields.tsx';
import { ListPage } from '../screens/ListPage.tsx';
import { TranslationsField } from '../common/listColumns.tsx';

export function ProjectList() {
  return (
    <ListPage>
      <LocalizedField source="title" sortBy="title_uz" />
      <TruncatedText source="link" />
      <TranslationsField label="conveyor.list.translations" sortable={false} />
    </ListPage>
  );
}
