import { SCHEDULER } from '@conveyor/shared';
import type { Actor } from '../audit/log.ts';
import type { Executor } from '../db/repositories/table.ts';
import type { Crud } from '../content/definition.ts';
import { publishDraft } from '../drafts/drafts.ts';
import { updateIn } from '../content/update.ts';

// What a schedule's time does to its record, in one place each way. A record is live when it
// is active (anonymous readers and the site see active records only), so today both are a
// change of `is_active` through the one update path: a revision and the activity log's event,
// by the scheduler, in the caller's transaction. The caller publishes once that commits.

/** The scheduler as the history and the activity log show it: the server, no user, no address. */
export const SCHEDULER_ACTOR: Actor = { user: null, ip: '', system: SCHEDULER };

/**
 * Makes a record live: the step a publish time takes when it comes. Its pending draft is
 * published and it is switched on, in the same transaction. Answers whether the record
 * changed (false: it is gone, or live already). `details` go into the activity log's event
 * (whose schedule it was).
 */
export async function makeLive(
  trx: Executor,
  def: Crud,
  actor: Actor,
  id: number,
  details: Record<string, unknown> = {},
): Promise<boolean> {
  // its draft first: what goes live is the record as staff prepared it
  const drafted = await publishDraft(trx, def, actor, id, details);
  const activated = await setActive(trx, def, actor, id, true, details);
  return drafted || activated;
}

/** Takes a record offline: the step an unpublish time takes, as switching it off would. */
export async function takeOffline(
  trx: Executor,
  def: Crud,
  actor: Actor,
  id: number,
  details: Record<string, unknown> = {},
): Promise<boolean> {
  return setActive(trx, def, actor, id, false, details);
}

async function setActive(
  trx: Executor,
  def: Crud,
  actor: Actor,
  id: number,
  active: boolean,
  details: Record<string, unknown>,
): Promise<boolean> {
  const current = await def.repo.get(trx, id);
  // a record already so (switched by hand meanwhile) gets no empty revision
  if (!current || Boolean(current.is_active) === active) return false;
  await updateIn(trx, def, actor, id, { is_active: active }, { details });
  return true;
}
