import {
  NOTIFICATION_SETTINGS_DEFAULTS,
  type NotificationSettings,
  notificationSettingsFields,
} from '@conveyor/shared';
import { nowIso } from '../../lib/rows.ts';
import type { Executor } from './table.ts';

const FIELDS = Object.keys(notificationSettingsFields) as (keyof NotificationSettings)[];

/** Who hears of new leads and applications: the stored record, or the defaults. */
export async function getNotificationSettings(db: Executor): Promise<NotificationSettings> {
  const row = await db
    .selectFrom('notification_settings')
    .selectAll()
    .where('id', '=', 1)
    .executeTakeFirst();
  if (!row) return { ...NOTIFICATION_SETTINGS_DEFAULTS };
  const settings = { ...NOTIFICATION_SETTINGS_DEFAULTS };
  for (const field of FIELDS) (settings as Record<string, unknown>)[field] = row[field];
  settings.retention_months = Number(row.retention_months);
  return settings;
}

export async function updateNotificationSettings(
  db: Executor,
  patch: Partial<NotificationSettings>,
): Promise<NotificationSettings> {
  const values = { ...(await getNotificationSettings(db)), ...patch };
  const row = { ...values, updated_at: nowIso() };
  await db
    .insertInto('notification_settings')
    .values({ id: 1, ...row })
    .onConflict((oc) => oc.column('id').doUpdateSet(row))
    .execute();
  return getNotificationSettings(db);
}
