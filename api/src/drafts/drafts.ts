import type { Actor } from '../audit/log.ts';
import { findDraft, removeDraft } from '../db/repositories/drafts.ts';
import type { Executor } from '../db/repositories/table.ts';
import { BadRequest, NotFound } from '../lib/httpErrors.ts';
import type { Body, Crud } from '../routes/crud/definition.ts';
import { updateIn } from '../routes/crud/update.ts';
import { checkReferences, columnValues, requireLocalized } from '../routes/crud/values.ts';

/**
 * What a draft may hold: the record's own fields, as an update's body gives them. Pictures are
 * saved at once, never drafted: a body that changes them is refused rather than half-kept.
 */
export function draftValues(def: Crud, body: Body): Body {
  const removed = (body as { delete_images_array?: unknown[] }).delete_images_array;
  if ((removed ?? []).length > 0) {
    throw new BadRequest('Pictures are saved at once, not in a draft', {
      code: 'drafts.pictures',
      field: 'delete_images_array',
    });
  }
  return columnValues(def, body);
}

/**
 * Checks a draft as its record would be once published: a language filled in where one must
 * be, and references (a product's category) that exist.
 */
export async function checkDraft(
  def: Crud,
  db: Executor,
  current: Body,
  values: Body,
): Promise<void> {
  requireLocalized(def, { ...current, ...values });
  await checkReferences(def, db, values);
}

/**
 * Publishes a record's draft inside `trx`: the draft's fields written through the one update
 * path (a revision, the activity log's event, by `actor`), and the draft gone. Answers false
 * when the record has no draft. The caller publishes the site once the transaction commits.
 */
export async function publishDraft(
  trx: Executor,
  def: Crud,
  actor: Actor,
  id: number,
  details: Record<string, unknown> = {},
): Promise<boolean> {
  const draft = await findDraft(trx, def.name, id);
  if (!draft) return false;
  const current = await def.repo.get(trx, id);
  if (!current) throw new NotFound('Not found');
  const values = columnValues(def, draft.data);
  // the live record may have changed since the draft was saved: check the result again
  await checkDraft(def, trx, current, values);
  await updateIn(trx, def, actor, id, values, { details: { draft: true, ...details } });
  await removeDraft(trx, def.name, id);
  return true;
}
