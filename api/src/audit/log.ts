import type { AuditAction, AuditEvent } from '@conveyor/shared';
import type { Executor } from '../db/repositories/table.ts';
import type { Actor } from '../lib/actor.ts';
import { nowIso, toIso } from '../lib/rows.ts';

export { type Actor, actorName } from '../lib/actor.ts';

/** What a caller says of an event; who and from where come from the request. */
export interface AuditEntry {
  action: AuditAction;
  resource?: string;
  recordId?: number | null;
  details?: Record<string, unknown>;
  /** The user name, when there is no signed-in user to take it from (a failed sign-in). */
  userName?: string;
}

/**
 * Adds one event to the activity log, in `db`: pass the transaction of the change it records,
 * so the change and its record commit together or not at all. There is no update or delete
 * of an event but the retention's prune.
 */
export async function audit(db: Executor, request: Actor | null, entry: AuditEntry): Promise<void> {
  const user = request?.user ?? null;
  await db
    .insertInto('audit_log')
    .values({
      created_at: nowIso(),
      user_id: user?.id ?? null,
      user_name: user?.user_name ?? entry.userName ?? request?.system ?? '',
      action: entry.action,
      resource: entry.resource ?? '',
      record_id: entry.recordId ?? null,
      ip: request?.ip ?? '',
      details: JSON.stringify(entry.details ?? {}),
    })
    .execute();
}

const comparable = (value: unknown): string | null =>
  value === undefined || value === null
    ? null
    : typeof value === 'boolean'
      ? String(Number(value))
      : value instanceof Date
        ? value.toISOString()
        : String(value);

/**
 * The names of the fields an update changes, from the columns it writes and the record before:
 * what the log says of an update (never the values). A password's hash is named `password`.
 */
export function changedFields(
  before: Record<string, unknown>,
  values: Record<string, unknown>,
): string[] {
  return Object.keys(values)
    .filter((key) => key !== 'updated_at' && comparable(before[key]) !== comparable(values[key]))
    .map((key) => (key === 'password_hash' ? 'password' : key))
    .sort();
}

/** The filters of the activity screen. */
export interface AuditFilter {
  ids?: number[];
  userId?: number;
  action?: string;
  resource?: string;
  recordId?: number;
  from?: string;
  before?: string;
}

/** A page of the log, newest first, and how many events match. */
export async function listAudit(
  db: Executor,
  filter: AuditFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: AuditEvent[]; total: number }> {
  let query = db.selectFrom('audit_log');
  if (filter.ids?.length) query = query.where('id', 'in', filter.ids);
  if (filter.userId !== undefined) query = query.where('user_id', '=', filter.userId);
  if (filter.action) query = query.where('action', '=', filter.action);
  if (filter.resource) query = query.where('resource', '=', filter.resource);
  if (filter.recordId !== undefined) query = query.where('record_id', '=', filter.recordId);
  if (filter.from) query = query.where('created_at', '>=', filter.from);
  if (filter.before) query = query.where('created_at', '<', filter.before);
  const [{ total }] = (await query
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .execute()) as [{ total: number | string }];
  const rows = await query
    .selectAll()
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return {
    total: Number(total),
    rows: rows.map((row) => ({
      id: row.id,
      created_at: toIso(row.created_at),
      user_id: row.user_id,
      user_name: row.user_name,
      action: row.action as AuditAction,
      resource: row.resource,
      record_id: row.record_id,
      ip: row.ip,
      details: parseDetails(row.details),
    })),
  };
}

function parseDetails(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/** Deletes the events older than the cutoff (the retention setting); answers how many. */
export async function pruneAudit(db: Executor, cutoff: Date): Promise<number> {
  const result = await db
    .deleteFrom('audit_log')
    .where('created_at', '<', cutoff.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
