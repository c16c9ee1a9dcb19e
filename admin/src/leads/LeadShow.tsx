import {
  DateField,
  EmailField,
  Labeled,
  ReferenceField,
  Show,
  SimpleShowLayout,
  TextField,
} from 'react-admin';
import { BackToolbar } from '../common/FormPages.tsx';
import { DeliveriesPanel } from '../notifications/DeliveriesPanel.tsx';
import { AssigneeSelect } from '../workflow/AssigneeSelect.tsx';
import { NotesPanel } from '../workflow/NotesPanel.tsx';
import { StatusSelect } from '../workflow/StatusSelect.tsx';
import { VisitContext } from '../workflow/VisitContext.tsx';

export function LeadShow() {
  return (
    <Show actions={<BackToolbar />}>
      <SimpleShowLayout>
        <TextField source="name" />
        <TextField source="phone" sortable={false} />
        <EmailField source="email" />
        <TextField source="message" sx={{ whiteSpace: 'pre-wrap' }} />
        <ReferenceField source="product_id" reference="products" link="edit" emptyText="—" />
        <Labeled label="conveyor.workflow.visit">
          <VisitContext />
        </Labeled>
        <DateField source="created_at" showTime />
        <Labeled label="resources.leads.fields.status">
          <StatusSelect />
        </Labeled>
        <Labeled label="resources.leads.fields.assignee_id">
          <AssigneeSelect />
        </Labeled>
        <NotesPanel subject="leads" />
        <DeliveriesPanel subject="leads" />
      </SimpleShowLayout>
    </Show>
  );
}
