import { AREAS, AUDIT_ACTIONS, type AuditEvent, hasHistory, hasTrash } from '@conveyor/shared';
import {
  DateInput,
  FunctionField,
  Link,
  ReferenceInput,
  SelectField,
  SelectInput,
  TextField,
  useBasename,
  useCreatePath,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { DateTimeField } from '../common/DateTimeField.tsx';
import { useFormat } from '../publishing/format.ts';
import { useActorName } from '../schedules/actor.ts';
import { NewestFirstList } from '../screens/NewestFirstList.tsx';

const actionChoices = AUDIT_ACTIONS.map((id) => ({ id, name: `conveyor.activity.actions.${id}` }));

/** A resource or screen by its name in the staff's language. */
function useAreaName() {
  const translate = useTranslate();
  return (area: string) => {
    if (!area) return '';
    const resource = translate(`resources.${area}.name`, { smart_count: 2, _: '' });
    return resource || translate(`conveyor.activity.areas.${area}`, { _: area });
  };
}

/**
 * What else an event says, in words: the fields changed (and whose schedule made the change), a
 * role's change, an export's format, a schedule's times.
 */
function Details() {
  const translate = useTranslate();
  const format = useFormat();
  const scheduleTimes = (details: Record<string, unknown>) =>
    (['publish_at', 'unpublish_at'] as const)
      .filter((key) => typeof details[key] === 'string')
      .map(
        (key) =>
          `${translate(`resources.schedules.fields.${key}`)}: ${format.date(String(details[key]))}`,
      )
      .join(' · ');
  return (
    <FunctionField<AuditEvent>
      source="details"
      sortable={false}
      render={(event) => {
        const details = event.details as Record<string, unknown>;
        const field = (name: string) =>
          translate(`resources.${event.resource}.fields.${name}`, { _: name });
        if (Array.isArray(details.fields)) {
          const fields = details.fields.map(String).map(field).join(', ');
          return typeof details.scheduled_by === 'string'
            ? `${fields} (${translate('conveyor.schedule.set_by', { name: details.scheduled_by })})`
            : fields;
        }
        if (event.action === 'role_change') {
          return `${translate(`conveyor.roles.${String(details.from)}`)} → ${translate(
            `conveyor.roles.${String(details.to)}`,
          )}`;
        }
        if (event.action === 'password_change') {
          return translate(`conveyor.activity.by_${details.by === 'self' ? 'self' : 'admin'}`);
        }
        if (event.action === 'two_factor_off') {
          const by = details.by === 'reset-password' ? 'server' : details.by;
          return translate(
            `conveyor.activity.by_${by === 'self' || by === 'server' ? by : 'admin'}`,
          );
        }
        if (event.action === 'recovery_code_used') {
          return translate('conveyor.activity.codes_left', { count: Number(details.left ?? 0) });
        }
        if (event.action === 'two_factor_failed') {
          return translate(`conveyor.activity.proof.${String(details.with)}`, { _: '' });
        }
        if (event.action === 'sessions_end') return String(details.count ?? '');
        if (event.action === 'export') return String(details.format ?? '').toUpperCase();
        if (event.action === 'schedule' || event.action === 'unschedule') {
          return scheduleTimes(details);
        }
        return '';
      }}
    />
  );
}

/**
 * What an event concerns, with a link where the change can be seen: a content change to the
 * record's edit screen (its History shows the revision the event names), a delete to the
 * Trash, a change of the company data to its screen.
 */
function Concerns(_props: { source: string; sortable: boolean }) {
  const event = useRecordContext<AuditEvent>();
  const areaName = useAreaName();
  const createPath = useCreatePath();
  const basename = useBasename();
  if (!event) return null;
  const text = [areaName(event.resource), event.record_id === null ? '' : `#${event.record_id}`]
    .filter(Boolean)
    .join(' ');
  const revised = typeof (event.details as { revision_id?: unknown }).revision_id === 'number';
  let to: string | null = null;
  if (revised && event.resource === 'settings') to = `${basename}/settings`;
  else if (revised && event.action === 'delete' && hasTrash(event.resource)) {
    to = createPath({ resource: 'trash', type: 'list' });
  } else if (revised && event.record_id !== null && hasHistory(event.resource)) {
    to = createPath({ resource: event.resource, id: event.record_id, type: 'edit' });
  }
  return to ? <Link to={to}>{text}</Link> : <span>{text}</span>;
}

/**
 * The activity log (admins only): who did what, when and from where, newest first; filtered
 * by user, action, resource and date. Read-only: nothing here changes the log.
 */
export function ActivityList() {
  const translate = useTranslate();
  const actorName = useActorName();
  const areaName = useAreaName();
  const areaChoices = AREAS.map((id) => ({ id, name: areaName(id) }));
  const filters = [
    <ReferenceInput key="user_id" source="user_id" reference="users" alwaysOn>
      <SelectInput label="resources.activity.fields.user_name" optionText="user_name" />
    </ReferenceInput>,
    <SelectInput key="action" source="action" choices={actionChoices} alwaysOn />,
    <SelectInput key="resource" source="resource" choices={areaChoices} alwaysOn />,
    <DateInput key="created_from" source="created_from" label="conveyor.workflow.created_from" />,
    <DateInput key="created_to" source="created_to" label="conveyor.workflow.created_to" />,
  ];
  const columns = [
    <DateTimeField key="created_at" source="created_at" sortable={false} />,
    <FunctionField<AuditEvent>
      key="user_name"
      source="user_name"
      sortable={false}
      render={(event) => actorName(event.user_id, event.user_name)}
    />,
    <SelectField key="action" source="action" choices={actionChoices} sortable={false} />,
    <Concerns key="resource" source="resource" sortable={false} />,
    <Details key="details" />,
    <TextField key="ip" source="ip" sortable={false} />,
  ];
  return (
    <NewestFirstList
      title={translate('resources.activity.name', { smart_count: 2 })}
      filters={filters}
      columns={columns}
    />
  );
}
