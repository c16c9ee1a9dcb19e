import { type Build, isResource, SCHEDULER, type Trigger } from '@conveyor/shared';
import { Link as MuiLink, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';

/** One trigger in staff's words: what asked for the build, and who. */
function TriggerLine({ trigger }: { trigger: Trigger }) {
  const translate = useTranslate();
  const name = trigger.by === SCHEDULER ? translate('conveyor.schedule.scheduler') : trigger.by;
  const by = name ? ` ${translate('conveyor.publishing.trigger_by', { name })}` : '';
  if (trigger.kind !== 'change') {
    return (
      <Typography variant="body2">
        {translate(`conveyor.publishing.trigger_${trigger.kind}`)}
        {by}
      </Typography>
    );
  }
  if (trigger.resource === 'settings' || !trigger.resource || trigger.recordId === null) {
    return (
      <Typography variant="body2">
        {translate('conveyor.publishing.trigger_settings')}
        {by}
      </Typography>
    );
  }
  const what = translate(`conveyor.publishing.trigger_${trigger.action ?? 'update'}`, {
    resource: translate(`resources.${trigger.resource}.name`, { smart_count: 1 }),
    id: trigger.recordId,
  });
  // a record still there opens from here; a deleted one is in the Trash
  const linked = trigger.action !== 'delete' && isResource(trigger.resource);
  return (
    <Typography variant="body2">
      {linked ? (
        <MuiLink component={Link} to={`/admin/${trigger.resource}/${trigger.recordId}`}>
          {what}
        </MuiLink>
      ) : (
        what
      )}
      {by}
    </Typography>
  );
}

/**
 * What made a release (issue 17): the changes and buttons that asked for its build, the first
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
