import { LocalizedField, TruncatedText } from '../common/fields.tsx';
import { ListPage } from '../screens/ListPage.tsx';

export function TestimonialList() {
  return (
    <ListPage>
      <LocalizedField source="name" sortBy="name_uz" />
      <TruncatedText source="message" sortBy="message_uz" />
    </ListPage>
  );
}
