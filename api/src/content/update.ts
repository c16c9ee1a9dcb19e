import { ERRORS } from '@conveyor/shared';
import { type Actor, audit, changedFields } from '../audit/log.ts';
import type { Executor } from '../db/repositories/table.ts';
import { NotFound } from '../lib/httpErrors.ts';
import { markTranslations } from './translationMarks.ts';
import { addRevision, ensureBaseline, snapshotOf } from '../revisions/store.ts';
import type { AnyRecord, Body, Crud } from './definition.ts';

/** An event's link to the revision its change made (its trash item, for a delete). */
export const revised = (revision: number | null) =>
  revision === null ? {} : { revision_id: revision };

/** What a caller adds around the shared steps of an update. */
export interface UpdateSteps {
  /** After the record is read, before it is written: may refuse with a 4xx (a resource's hook). */
  before?(current: AnyRecord): Promise<void>;
  /** After the write: what belongs to the record (a gallery); answers more changed fields. */
  after?(updated: AnyRecord, current: AnyRecord): Promise<string[]>;
  /** More for the activity log's event (a scheduled change names its schedule). */
  details?: Record<string, unknown>;
}

/** A record before and after an update, and the names of the fields it changed. */
export interface Updated {
  current: AnyRecord;
  updated: AnyRecord;
  fields: string[];
}

/**
 * One update of a record inside `trx` (its transaction), kept as every change of content is
 *: its state before as a baseline revision when history has none, the write, a
 * revision of the result and the activity log's event, all by `actor`. A staff save and a
 * scheduled publish take this one path, so neither can skip the history or the log; the caller
 * publishes once the transaction has committed.
 */
export async function updateIn(
  trx: Executor,
  def: Crud,
  actor: Actor,
  id: number,
  values: Body,
  steps: UpdateSteps = {},
): Promise<Updated> {
  // read inside the transaction: what the update replaces is what is there now
  const current = await def.repo.get(trx, id);
  if (!current) throw new NotFound(ERRORS.notFound);
  await steps.before?.(current);
  if (def.publishes) await ensureBaseline(trx, def, current);
  const updated = await def.repo.update(trx, id, values);
  if (!updated) throw new NotFound(ERRORS.notFound);
  const fields = changedFields(current, values);
  await markTranslations(trx, def.name, id, current, updated);
  fields.push(...((await steps.after?.(updated, current)) ?? []));
  // on the record as it now is, whichever path wrote it (a save, a draft, a schedule, an import)
  await def.hooks?.checkWritten?.(trx, updated);
  const revision = def.publishes
    ? await addRevision(trx, def, actor, 'update', await snapshotOf(def, trx, updated), fields)
    : null;
  await audit(trx, actor, {
    action: 'update',
    resource: def.name,
    recordId: id,
    details: { fields, ...revised(revision), ...steps.details },
  });
  return { current, updated, fields };
}
