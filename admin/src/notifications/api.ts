import type { NotificationSettings } from '@conveyor/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../providers/http.ts';

// The back office's side of lead delivery: who is told, whether each channel
// delivers, and each lead's deliveries.

export type Channel = 'telegram' | 'email' | 'webhook';

export interface ChannelStatus {
  channel: Channel;
  configured: boolean;
  lastSuccessAt: string | null;
  failingSince: string | null;
  lastError: string | null;
  warning: boolean;
}

export interface Delivery {
  id: number;
  channel: Channel;
  target: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  attempts: number;
  maxAttempts: number;
  lastError: string | null;
  nextAttemptAt: string | null;
  deliveredAt: string | null;
  updatedAt: string;
}

export const getNotificationSettings = async () =>
  (await api<{ data: NotificationSettings }>('/notifications/settings')).data;

export const saveNotificationSettings = async (values: Partial<NotificationSettings>) =>
  (
    await api<{ data: NotificationSettings }>('/notifications/settings', {
      method: 'PUT',
      json: values,
    })
  ).data;

export const sendTestMessage = (channel: 'telegram' | 'email', target: string) =>
  api('/notifications/test', { method: 'POST', json: { channel, target } });

export const retryDelivery = (id: number) =>
  api(`/notifications/deliveries/${id}/retry`, { method: 'POST', json: {} });

/** Each channel's health, polled every 30 s: the app bar warns when one keeps failing. */
export function useChannelStatus() {
  return useQuery({
    queryKey: ['notifications', 'status'],
    queryFn: async () => (await api<{ data: ChannelStatus[] }>('/notifications/status')).data,
    refetchInterval: 30_000,
    retry: false,
  });
}

/** A lead's or application's deliveries; polled while one is still on its way. */
export function useDeliveries(subject: 'leads' | 'suppliers', id: number | undefined) {
  return useQuery({
    queryKey: ['deliveries', subject, id],
    enabled: id !== undefined,
    queryFn: async () => (await api<{ data: Delivery[] }>(`/${subject}/${id}/deliveries`)).data,
    refetchInterval: (query) =>
      query.state.data?.some((d) => d.status === 'queued' || d.status === 'running')
        ? 3_000
        : false,
  });
}
