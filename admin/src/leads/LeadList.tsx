import { DateField, EmailField, ReferenceField, TextField } from 'react-admin';
import { TruncatedText } from '../common/fields.tsx';
import { ListPage } from '../common/ListPage.tsx';
import { RowActions } from '../common/RowActions.tsx';
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
      <TextField source="phone" sortable={false} />
      <EmailField source="email" />
      <TruncatedText sortable={false} source="message" />
      <ReferenceField
        source="product_id"
        reference="products"
        sortable={false}
        link="edit"
        emptyText="—"
      />
      <StatusSelect label="resources.leads.fields.status" />
      <AssigneeSelect label="resources.leads.fields.assignee_id" />
      <DateField source="created_at" showTime />
    </ListPage>
  );
}
