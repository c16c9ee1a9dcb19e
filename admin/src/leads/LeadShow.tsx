import { DateField, EmailField, Labeled, Show, SimpleShowLayout, TextField } from 'react-admin';
import { BackToolbar } from '../common/FormPages.tsx';
import { DeliveriesPanel } from '../notifications/DeliveriesPanel.tsx';
import { LeadStatusSelect } from './LeadStatusSelect.tsx';

export function LeadShow() {
  return (
    <Show actions={<BackToolbar />}>
      <SimpleShowLayout>
        <TextField source="name" />
        <TextField source="phone" sortable={false} />
        <EmailField source="email" />
        <TextField source="message" sx={{ whiteSpace: 'pre-wrap' }} />
        <DateField source="created_at" showTime />
        <Labeled label="resources.leads.fields.status">
          <LeadStatusSelect />
        </Labeled>
        <DeliveriesPanel subject="leads" />
      </SimpleShowLayout>
    </Show>
  );
}
