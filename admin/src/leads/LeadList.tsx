import { EmailField, TextField } from 'react-admin';
import { DateTimeField } from '../common/DateTimeField.tsx';
import { ReferenceName, TruncatedText } from '../common/fields.tsx';
import { PhoneField } from '../common/PhoneField.tsx';
import { RowActions } from '../common/RowActions.tsx';
import { ListPage } from '../screens/ListPage.tsx';
import { AssigneeSelect } from '../workflow/AssigneeSelect.tsx';
import { useWorkflowFilters } from '../workflow/filters.tsx';
import { StatusSelect } from '../workflow/StatusSelect.tsx';

/** A lead is read, not edited: its row opens it and deletes it. */
const leadRowActions = <RowActions show edit={false} />;

export function LeadList() {
  return (
    <ListPage
      create={false}
      status={false}
      rowActions={leadRowActions}
      sort={{ field: 'created_at', order: 'DESC' }}
      filters={useWorkflowFilters('leads')}
    >
      <TextField source="name" />
      <PhoneField source="phone" />
      <EmailField source="email" />
      <TruncatedText source="message" />
      <ReferenceName source="product_id" reference="products" link="edit" />
      <StatusSelect label="resources.leads.fields.status" />
      <AssigneeSelect label="resources.leads.fields.assignee_id" />
      <DateTimeField source="created_at" />
    </ListPage>
  );
}
