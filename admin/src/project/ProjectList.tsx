import { LocalizedField, TruncatedText } from '../common/fields.tsx';
import { ListPage } from '../common/ListPage.tsx';

export function ProjectList() {
  return (
    <ListPage>
      <LocalizedField source="title_uz" label="resources.project.fields.title" />
      <TruncatedText sortable={false} source="link" label="resources.project.fields.link" />
    </ListPage>
  );
}
