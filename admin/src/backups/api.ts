import type { BackupJob, BackupStatus } from '@conveyor/shared';
import { useQuery } from '@tanstack/react-query';
import { apiBase } from '../config.ts';
import { api } from '../providers/http.ts';

// The back office's side of backups: administrators only, like the API behind it.

/**
 * The archives and the backup under way, polled: every 2 s while a backup is queued or
 * running (the screen shows its progress until the archive appears), every minute otherwise
 * (the app bar's overdue warning).
 */
export function useBackupStatus() {
  return useQuery({
    queryKey: ['backups'],
    queryFn: async () => (await api<{ data: BackupStatus }>('/backups')).data,
    refetchInterval: (query) => (query.state.data?.pending ? 2000 : 60_000),
    retry: false,
  });
}

export const requestBackup = async () =>
  (await api<{ data: BackupJob }>('/backups', { method: 'POST', json: {} })).data;

/**
 * An archive's address. A plain link, not a fetch into memory: an archive carries every upload
 * and may be large, and the browser streams a link to disk (the session cookie goes with it).
 */
export const archiveUrl = (name: string) => `${apiBase()}/backups/${encodeURIComponent(name)}`;
