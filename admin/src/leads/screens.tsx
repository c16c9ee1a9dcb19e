import { LEAD_STATUSES, type LeadStatus } from '@conveyor/shared';
import { MenuItem, TextField as MuiTextField } from '@mui/material';
import {
  DateField,
  EmailField,
  Labeled,
  Show,
  ShowButton,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useNotify,
  useRecordContext,
  useTranslate,
  useUpdate,
} from 'react-admin';
import { RowNumber, TruncatedText } from '../common/fields.tsx';
import { BackLink, ListPage, RowActions } from '../common/pages.tsx';

/** The lead's workflow state (new / in progress / done), changed in place with one update. */
export function LeadStatusSelect(_props: { label?: string; sortable?: boolean; source?: string }) {
  const record = useRecordContext();
  const translate = useTranslate();
  const notify = useNotify();
  const [update, { isPending }] = useUpdate();
  if (!record) return null;
  return (
    <MuiTextField
      select
      size="small"
      value={record.status as LeadStatus}
      disabled={isPending}
      onClick={(event) => event.stopPropagation()}
      slotProps={{ htmlInput: { 'aria-label': translate('resources.leads.fields.status') } }}
      onChange={(event) =>
        update(
          'leads',
          { id: record.id, data: { status: event.target.value }, previousData: record },
          {
            mutationMode: 'pessimistic',
            onSuccess: () => notify('resources.leads.notifications.updated', { type: 'success' }),
            onError: (error) =>
              notify(`${translate('conveyor.errors.toggle')}: ${(error as Error).message}`, {
                type: 'error',
              }),
          },
        )
      }
    >
      {LEAD_STATUSES.map((status) => (
        <MenuItem key={status} value={status}>
          {translate(`conveyor.lead_status.${status}`)}
        </MenuItem>
      ))}
    </MuiTextField>
  );
}

function LeadRowActions(_props: { label?: string }) {
  return (
    <>
      <ShowButton />
      <RowActions edit={false} />
    </>
  );
}

export function LeadList() {
  return (
    <ListPage create={false} exporter sort={{ field: 'created_at', order: 'DESC' }}>
      <RowNumber label="conveyor.list.number" />
      <TextField source="name" />
      <TextField source="phone" sortable={false} />
      <EmailField source="email" />
      <TruncatedText sortable={false} source="message" />
      <LeadStatusSelect label="resources.leads.fields.status" />
      <DateField source="created_at" showTime />
      <LeadRowActions label="conveyor.list.actions" />
    </ListPage>
  );
}

export function LeadShow() {
  return (
    <Show
      actions={
        <TopToolbar sx={{ justifyContent: 'flex-start' }}>
          <BackLink />
        </TopToolbar>
      }
    >
      <SimpleShowLayout>
        <TextField source="name" />
        <TextField source="phone" sortable={false} />
        <EmailField source="email" />
        <TextField source="message" sx={{ whiteSpace: 'pre-wrap' }} />
        <DateField source="created_at" showTime />
        <Labeled label="resources.leads.fields.status">
          <LeadStatusSelect />
        </Labeled>
      </SimpleShowLayout>
    </Show>
  );
}
