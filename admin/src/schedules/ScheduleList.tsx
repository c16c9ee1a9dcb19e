import {
  ADMIN_DEFAULT_LANGUAGE,
  isLanguage,
  SCHEDULE_RESOURCES,
  type ScheduledItem,
} from '@conveyor/shared';
import { Box, Typography } from '@mui/material';
import {
  FunctionField,
  Link,
  SelectInput,
  type SortPayload,
  TextField,
  useCreatePath,
  useLocaleState,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { DateTimeField } from '../common/DateTimeField.tsx';
import { NewestFirstList } from '../screens/NewestFirstList.tsx';
import { CancelScheduleButton } from './CancelScheduleButton.tsx';
import { ScheduleFailure } from './ScheduleFailure.tsx';

/** The API lists what is scheduled in one order: what acts first, first. */
const SOONEST_FIRST: SortPayload = { field: 'next_at', order: 'ASC' };

/** The record's name in the staff's language (the API gives all three), else its number. */
function useItemName() {
  const [locale] = useLocaleState();
  const language = isLanguage(locale) ? locale : ADMIN_DEFAULT_LANGUAGE;
  return (item: ScheduledItem) => item.name[language].trim() || `#${item.record_id}`;
}

/** The record's name, leading to its edit screen (where its schedule and History are). */
function NameField(_props: { source: string; sortable: boolean }) {
  const item = useRecordContext<ScheduledItem>();
  const createPath = useCreatePath();
  const name = useItemName();
  if (!item) return null;
  return (
    <Link to={createPath({ resource: item.resource, id: item.record_id, type: 'edit' })}>
      {name(item)}
    </Link>
  );
}

function ItemActions() {
  const item = useRecordContext<ScheduledItem>();
  const name = useItemName();
  if (!item) return null;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
      <CancelScheduleButton resource={item.resource} id={item.record_id} name={name(item)} />
    </Box>
  );
}

function Empty() {
  const translate = useTranslate();
  return (
    <Box sx={{ p: 3 }} data-testid="schedules-empty">
      <Typography variant="h6" component="p">
        {translate('conveyor.schedule.empty')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('conveyor.schedule.empty_explain')}
      </Typography>
    </Box>
  );
}

/**
 * The Scheduled screen: every pending publish and unpublish, soonest first, with
 * the record (a link to it), whether it is live now and who set the schedule; each row can be
 * cancelled by the roles that may change the record.
 */
export function ScheduleList() {
  const translate = useTranslate();
  const kind = (resource: string) => translate(`resources.${resource}.name`, { smart_count: 1 });
  const filters = [
    <SelectInput
      key="resource"
      source="resource"
      choices={SCHEDULE_RESOURCES.map((id) => ({ id, name: kind(id) }))}
      alwaysOn
    />,
  ];
  const columns = [
    <FunctionField<ScheduledItem>
      key="resource"
      source="resource"
      sortable={false}
      render={(item) => kind(item.resource)}
    />,
    <NameField key="name" source="name" sortable={false} />,
    <DateTimeField key="publish_at" source="publish_at" sortable={false} />,
    <DateTimeField key="unpublish_at" source="unpublish_at" sortable={false} />,
    <FunctionField<ScheduledItem>
      key="is_active"
      source="is_active"
      sortable={false}
      render={(item) =>
        item.failed_at ? (
          <ScheduleFailure schedule={item} />
        ) : (
          translate(`conveyor.schedule.${item.is_active ? 'live' : 'hidden'}`)
        )
      }
    />,
    <TextField key="user_name" source="user_name" sortable={false} />,
  ];
  return (
    <NewestFirstList
      title={translate('resources.schedules.name', { smart_count: 2 })}
      filters={filters}
      empty={<Empty />}
      columns={columns}
      rowActions={<ItemActions />}
      sort={SOONEST_FIRST}
    />
  );
}
