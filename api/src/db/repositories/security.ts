import { randomBytes } from 'node:crypto';
import { nowIso } from '../../lib/rows.ts';
import { isUniqueViolation } from '../../lib/dbErrors.ts';
import type { Executor } from './table.ts';

/**
 * The named server key, made (256 random bits) by the first instance that asks for it; every
 * instance on the same database reads the same one, across restarts.
 */
export async function serverKey(db: Executor, name: string): Promise<string> {
  const existing = await db
    .selectFrom('server_keys')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirst();
  if (existing) return existing.value;
  await db
    .insertInto('server_keys')
    .values({ name, value: randomBytes(32).toString('base64url'), created_at: nowIso() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('server_keys')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.value;
}

/**
 * Records an accepted webhook call by its id; false when that id was accepted before (a
 * replay). Receipts older than `keepMs` are dropped on the way: a call that old is refused by
 * its timestamp anyway.
 */
export async function recordWebhookReceipt(
  db: Executor,
  id: string,
  keepMs: number,
  now = Date.now(),
): Promise<boolean> {
  await db
    .deleteFrom('webhook_receipts')
    .where('received_at', '<', new Date(now - keepMs).toISOString())
    .execute();
  try {
    await db
      .insertInto('webhook_receipts')
      .values({ id, received_at: new Date(now).toISOString() })
      .execute();
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}
