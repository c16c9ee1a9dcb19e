import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { useChannelStatus } from './api.ts';

/** In the app bar: a red chip while a lead channel has been failing for several minutes. */
export function ChannelWarning() {
  const translate = useTranslate();
  const { data } = useChannelStatus();
  const failing = data?.filter((status) => status.warning) ?? [];
  if (failing.length === 0) return null;
  return (
    <Chip
      component={Link}
      to="/admin/notifications"
      clickable
      size="small"
      color="error"
      data-testid="channel-warning"
      label={translate('conveyor.notifications.warning', {
        channels: failing
          .map((status) => translate(`conveyor.notifications.channels.${status.channel}`))
          .join(', '),
      })}
      sx={{ mx: 1 }}
    />
  );
}
