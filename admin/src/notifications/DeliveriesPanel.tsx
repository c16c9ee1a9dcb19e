import {
  Button,
  Chip,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useRecordContext, useTranslate } from 'react-admin';
import { useErrorToast } from '../common/useErrorToast.ts';
import { useFormat } from '../publishing/format.ts';
import { type Delivery, retryDelivery, useDeliveries } from './api.ts';

const COLORS = { done: 'success', failed: 'error', queued: 'warning', running: 'info' } as const;

/**
 * Where a lead or supplier application was sent and how that went: per chat, mailbox and
 * webhook, delivered when, or the last error and the next try; a failed one is retried here.
 */
export function DeliveriesPanel({ subject }: { subject: 'leads' | 'suppliers' }) {
  const record = useRecordContext<{ id: number }>();
  const translate = useTranslate();
  const format = useFormat();
  const queryClient = useQueryClient();
  const errorToast = useErrorToast('conveyor.notifications.retry_failed');
  const { data } = useDeliveries(subject, record?.id);
  if (!data) return null;

  const retry = async (delivery: Delivery) => {
    try {
      await retryDelivery(delivery.id);
    } catch (error) {
      errorToast(error);
    }
    await queryClient.invalidateQueries({ queryKey: ['deliveries', subject, record?.id] });
  };

  return (
    <div data-testid="deliveries">
      <Typography variant="subtitle2" sx={{ mt: 1 }}>
        {translate('conveyor.notifications.deliveries')}
      </Typography>
      {data.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('conveyor.notifications.no_deliveries')}
        </Typography>
      ) : (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{translate('conveyor.notifications.channel')}</TableCell>
              <TableCell>{translate('conveyor.notifications.target')}</TableCell>
              <TableCell>{translate('conveyor.notifications.state')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {data.map((delivery) => (
              <TableRow key={delivery.id} data-testid={`delivery-${delivery.channel}`}>
                <TableCell>
                  {translate(`conveyor.notifications.channels.${delivery.channel}`)}
                </TableCell>
                <TableCell sx={{ wordBreak: 'break-all' }}>{delivery.target}</TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    color={COLORS[delivery.status]}
                    label={translate(`conveyor.notifications.status.${delivery.status}`, {
                      time: delivery.deliveredAt ? format.time(delivery.deliveredAt) : '',
                    })}
                  />
                  {delivery.lastError && delivery.status !== 'done' && (
                    <Typography variant="caption" display="block" color="error">
                      {delivery.lastError}
                      {delivery.nextAttemptAt &&
                        ` · ${translate('conveyor.notifications.next_try', {
                          time: format.time(delivery.nextAttemptAt),
                        })}`}
                    </Typography>
                  )}
                </TableCell>
                <TableCell align="right">
                  {delivery.status === 'failed' && (
                    <Button size="small" onClick={() => void retry(delivery)}>
                      {translate('conveyor.notifications.retry')}
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </div>
  );
}
