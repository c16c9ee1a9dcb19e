import { Button, Chip, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useRecordContext, useTranslate } from 'react-admin';
import { SimpleTable } from '../common/SimpleTable.tsx';
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
      <SimpleTable
        rows={data}
        rowKey={(delivery) => delivery.id}
        rowTestId={(delivery) => `delivery-${delivery.channel}`}
        empty={
          <Typography variant="body2" color="text.secondary">
            {translate('conveyor.notifications.no_deliveries')}
          </Typography>
        }
        columns={[
          {
            label: 'conveyor.notifications.channel',
            render: (delivery) => translate(`conveyor.notifications.channels.${delivery.channel}`),
          },
          {
            label: 'conveyor.notifications.target',
            render: (delivery) => delivery.target,
            cellSx: { wordBreak: 'break-all' },
          },
          {
            label: 'conveyor.notifications.state',
            render: (delivery) => (
              <>
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
              </>
            ),
          },
          {
            align: 'right',
            render: (delivery) =>
              delivery.status === 'failed' && (
                <Button size="small" onClick={() => void retry(delivery)}>
                  {translate('conveyor.notifications.retry')}
                </Button>
              ),
          },
        ]}
      />
    </div>
  );
}
