import { type Build, isResource, type Trigger } from '@conveyor/shared';
import { Link as MuiLink, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { useActorName } from '../schedules/actor.ts';

/** One trigger in staff's words: what asked for the build (linking its record), and who. */
function TriggerLine({ trigger }: { trigger: Trigger }) {
  const translate = useTranslate();
  const actorName = useActorName();
  const name = actorName(null, trigger.by);
  const { kind, resource, action, recordId } = trigger;
  const ofRecord = kind === 'change' && !!resource && resource !== 'settings' && recordId !== null;
  const what =
    kind !== 'change'
      ? translate(`conveyor.publishing.trigger_${kind}`)
      : ofRecord
        ? translate(`conveyor.publishing.trigger_${action ?? 'update'}`, {
            resource: translate(`resources.${resource}.name`, { smart_count: 1 }),
            id: recordId,
          })
        : translate('conveyor.publishing.trigger_settings');
  // a record still there opens from here; a deleted one is in the Trash
  const linked = ofRecord && action !== 'delete' && isResource(resource);
  return (
    <Typography variant="body2">
      {linked ? (
        <MuiLink component={Link} to={`/admin/${resource}/${recordId}`}>
          {what}
        </MuiLink>
      ) : (
        what
      )}
      {name ? ` ${translate('conveyor.publishing.trigger_by', { name })}` : ''}
    </Typography>
  );
}

/**
 * What made a release: the changes and buttons that asked for its build, the first
 * few of them, and how many more a burst of saves folded into it.
 */
export function Triggers({ build }: { build: Build }) {
  const translate = useTranslate();
  // a failed build's retry is asked for by nobody: not one of its requests
  const counted = build.triggers.filter((one) => one.kind !== 'retry');
  const more = Math.max(0, build.requests - counted.length);
  return (
    <Stack spacing={0.25} data-testid="release-triggers">
      {build.triggers.map((trigger, index) => (
        <TriggerLine key={index} trigger={trigger} />
      ))}
      {build.triggers.length === 0 && <Typography variant="body2">—</Typography>}
      {more > 0 && build.triggers.length > 0 && (
        <Typography variant="body2" color="text.secondary">
          {translate('conveyor.publishing.trigger_more', { count: more })}
        </Typography>
      )}
    </Stack>
  );
}
