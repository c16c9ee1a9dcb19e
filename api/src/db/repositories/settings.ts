import { SETTINGS_DEFAULTS, type Settings, type SettingsPatch } from '@conveyor/shared';
import { nowIso, toIso } from '../../lib/rows.ts';
import type { Executor } from './table.ts';

const FIELDS = Object.keys(SETTINGS_DEFAULTS) as (keyof typeof SETTINGS_DEFAULTS)[];

/** The company data: the stored record, or the defaults until staff save their own. */
export async function getSettings(db: Executor): Promise<Settings> {
  const row = await db.selectFrom('settings').selectAll().where('id', '=', 1).executeTakeFirst();
  if (!row) return { ...SETTINGS_DEFAULTS, created_at: null, updated_at: null };
  const settings: Settings = {
    ...SETTINGS_DEFAULTS,
    created_at: row.created_at === null ? null : toIso(row.created_at),
    updated_at: toIso(row.updated_at),
  };
  for (const field of FIELDS) settings[field] = row[field];
  // The privacy page is never empty: a record saved before it existed shows the default text.
  for (const field of ['privacy_uz', 'privacy_ru', 'privacy_en'] as const) {
    if (!settings[field].trim()) settings[field] = SETTINGS_DEFAULTS[field];
  }
  return settings;
}

export async function updateSettings(db: Executor, patch: SettingsPatch): Promise<Settings> {
  const current = await getSettings(db);
  const now = nowIso();
  const values = { ...current, ...patch };
  const row = { id: 1, ...Object.fromEntries(FIELDS.map((f) => [f, values[f]])), updated_at: now };
  await db
    .insertInto('settings')
    .values({ ...row, created_at: now } as never)
    // created_at stays as it was: only the first save sets it
    .onConflict((oc) => oc.column('id').doUpdateSet(row as never))
    .execute();
  return getSettings(db);
}
