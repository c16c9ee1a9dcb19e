import { EmailField, TextField } from 'react-admin';
import { DateTimeField } from '../common/DateTimeField.tsx';
import { TruncatedText } from '../common/fields.tsx';
import { PhoneField } from '../common/PhoneField.tsx';
import { ListPage } from '../screens/ListPage.tsx';
import { AssigneeSelect } from '../workflow/AssigneeSelect.tsx';
import { useWorkflowFilters } from '../workflow/filters.tsx';
import { StatusSelect } from '../workflow/StatusSelect.tsx';

export function SupplierList() {
  return (
    <ListPage
      create={false}
      filters={useWorkflowFilters('suppliers')}
      // its switch is "Active": "Status" is the application's own status, the next column
      statusLabel="conveyor.list.active"
    >
      <TextField source="company_name" />
      <TextField source="contact_person" />
      <PhoneField source="phone" />
      <EmailField source="email" />
      {/* the list's 'description' column (spec 2.4): what the supplier offers, cut to 30 */}
      <TruncatedText source="offer" />
      <StatusSelect label="resources.suppliers.fields.status" />
      <AssigneeSelect label="resources.suppliers.fields.assignee_id" />
      <DateTimeField source="created_at" />
    </ListPage>
  );
}
