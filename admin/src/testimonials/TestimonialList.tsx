import { LocalizedField, TruncatedText } from '../common/fields.tsx';
import { ListPage } from '../common/ListPage.tsx';

export function TestimonialList() {
  return (
    <ListPage>
      <LocalizedField source="name_uz" label="resources.testimonials.fields.name" />
      <TruncatedText
        sortable={false}
        source="message_uz"
        label="resources.testimonials.fields.message"
      />
    </ListPage>
  );
}
