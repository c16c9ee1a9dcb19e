import { DateField, EmailField, ShowButton, TextField } from 'react-admin';
import { TruncatedText } from '../common/fields.tsx';
import { ListPage } from '../common/ListPage.tsx';
import { RowActions } from '../common/RowActions.tsx';
import { LeadStatusSelect } from './LeadStatusSelect.tsx';

/** A lead is read, not edited: its row opens it and deletes it. */
const leadRowActions = (
  <>
    <ShowButton />
    <RowActions edit={false} />
  </>
);

export function LeadList() {
  return (
    <ListPage
      create={false}
      exporter
      status={false}
      rowActions={leadRowActions}
      sort={{ field: 'created_at', order: 'DESC' }}
    >
      <TextField source="name" />
      <TextField source="phone" sortable={false} />
      <EmailField source="email" />
      <TruncatedText sortable={false} source="message" />
      <LeadStatusSelect label="resources.leads.fields.status" />
      <DateField source="created_at" showTime />
    </ListPage>
  );
}
