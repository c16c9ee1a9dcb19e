import { EmailField, Labeled, Show, SimpleShowLayout, TextField } from 'react-admin';
import { ReferenceName } from '../common/fields.tsx';
import { PhoneField } from '../common/PhoneField.tsx';
import { DateTimeField } from '../common/DateTimeField.tsx';
import { DeliveriesPanel } from '../notifications/DeliveriesPanel.tsx';
import { BackToolbar } from '../screens/FormPages.tsx';
import { ConversationPanel } from './ConversationPanel.tsx';
import { LeadDuty } from './LeadDuty.tsx';
import { LeadItems } from './LeadItems.tsx';
import { LeadParameters } from './LeadParameters.tsx';
import { AssigneeSelect } from '../workflow/AssigneeSelect.tsx';
import { NotesPanel } from '../workflow/NotesPanel.tsx';
import { StatusSelect } from '../workflow/StatusSelect.tsx';
import { VisitContext } from '../workflow/VisitContext.tsx';

export function LeadShow() {
  return (
    <Show actions={<BackToolbar />}>
      <SimpleShowLayout>
        <TextField source="name" />
        <PhoneField source="phone" />
        <EmailField source="email" />
        <TextField source="message" sx={{ whiteSpace: 'pre-wrap' }} />
        <ReferenceName source="product_id" reference="products" link="edit" />
        <ReferenceName source="document_id" reference="documents" link="edit" />
        <LeadItems />
        <LeadParameters />
        <LeadDuty />
        <Labeled label="conveyor.workflow.visit">
          <VisitContext />
        </Labeled>
        <DateTimeField source="created_at" />
        <Labeled label="resources.leads.fields.status">
          <StatusSelect />
        </Labeled>
        <Labeled label="resources.leads.fields.assignee_id">
          <AssigneeSelect />
        </Labeled>
        <ConversationPanel />
        <NotesPanel subject="leads" />
        <DeliveriesPanel subject="leads" />
      </SimpleShowLayout>
    </Show>
  );
}
