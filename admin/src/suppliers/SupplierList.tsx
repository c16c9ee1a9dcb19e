import { EmailField, TextField } from 'react-admin';
import { TruncatedText } from '../common/fields.tsx';
import { ListPage } from '../common/ListPage.tsx';

export function SupplierList() {
  return (
    <ListPage create={false} exporter>
      <TextField source="company_name" />
      <TextField source="contact_person" sortable={false} />
      <TextField source="phone" sortable={false} />
      <EmailField source="email" sortable={false} />
      {/* the list's 'description' column (spec 2.4): what the supplier offers, cut to 30 */}
      <TruncatedText sortable={false} source="offer" />
    </ListPage>
  );
}
