import type { Actor } from '../audit/log.ts';
import { findDraft, removeDraft } from '../db/repositories/drafts.ts';
import type { Executor } from '../db/repositories/table.ts';
import { NotFound } from '../lib/httpErrors.ts';
import type { Body, Crud } from '../content/definition.ts';
import { changeGallery } from '../content/gallery.ts';
import { updateIn } from '../content/update.ts';
import { checkParts, partsIn, writeParts } from '../content/parts.ts';
import { checkReferences, columnValues, requireLocalized } from '../content/values.ts';
import { picturesOf } from './pictures.ts';

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
 * Publishes a record's draft inside `trx`: the draft's fields and pictures written through the
 * one update path (a revision, the activity log's event, by `actor`), and the draft gone.
 * Answers false when the record has no draft. The caller publishes the site once the
 * transaction commits. The pictures the draft replaces stay on disk: the revision before it
 * names them (they go when that revision is pruned).
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
  const pictures = picturesOf(def, draft.data);
  // the live record may have changed since the draft was saved: check the result again
  await checkDraft(def, trx, current, values);
  // and what its parts refer to (an attribute's type or options)
  const parts = await checkParts(def, trx, partsIn(def, draft.data));
  if (def.image && pictures.image !== undefined) values[def.image.column] = pictures.image;
  await updateIn(trx, def, actor, id, values, {
    async after(updated) {
      const changed = await writeParts(def, trx, updated.id, parts);
      if (!def.gallery || (!pictures.added.length && !pictures.removed.length)) return changed;
      // an image someone removed since the draft was saved is not refused: it is gone anyway
      await changeGallery(trx, updated.id, pictures.removed, pictures.added, { lenient: true });
      return [...changed, 'images'];
    },
    details: { draft: true, ...details },
  });
  await removeDraft(trx, def.name, id);
  return true;
}
