import {
  isTranslated,
  type OutdatedTranslation,
  TRANSLATED_FIELDS,
  translationChanges,
} from '@conveyor/shared';
import type { Executor } from '../db/repositories/table.ts';
import { nowIso, toIso } from '../lib/rows.ts';

/**
 * After an update of a record (inside its transaction): the texts it changed are current, and
 * when it wrote a field anew, the same field's texts in the other languages outdated, from now
 * (one that already was keeps its time; shared translationChanges). Every update of content
 * goes through here (content/update.ts).
 */
export async function markTranslations(
  db: Executor,
  resource: string,
  id: number,
  before: Readonly<Record<string, unknown>>,
  after: Readonly<Record<string, unknown>>,
): Promise<void> {
  if (!isTranslated(resource)) return;
  // most saves change no text of a translated field: they cost no query
  const fields = TRANSLATED_FIELDS[resource];
  if (!translationChanges(fields, before, after).current.length) return;
  const marked = await outdatedTranslations(db, resource, id);
  const { current, outdated } = translationChanges(fields, before, after, (field, language) =>
    marked.some((mark) => mark.field === field && mark.language === language),
  );
  for (const { field, language } of current) {
    await db
      .deleteFrom('translation_marks')
      .where('resource', '=', resource)
      .where('record_id', '=', id)
      .where('field', '=', field)
      .where('language', '=', language)
      .execute();
  }
  if (!outdated.length) return;
  await db
    .insertInto('translation_marks')
    .values(
      outdated.map(({ field, language }) => ({
        resource,
        record_id: id,
        field,
        language,
        since: nowIso(),
      })),
    )
    .onConflict((conflict) =>
      conflict.columns(['resource', 'record_id', 'field', 'language']).doNothing(),
    )
    .execute();
}

/** The outdated texts of a resource's records (of one record, with `id`), oldest first. */
export async function outdatedTranslations(
  db: Executor,
  resource: string,
  id?: number,
): Promise<OutdatedTranslation[]> {
  const rows = await db
    .selectFrom('translation_marks')
    .select(['resource', 'record_id', 'field', 'language', 'since'])
    .where('resource', '=', resource)
    .$if(id !== undefined, (query) => query.where('record_id', '=', id!))
    .orderBy('since')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ ...row, since: toIso(row.since) }) as OutdatedTranslation);
}

/** Marks a text current (its translator checked it); false when it was not outdated. */
export async function markCurrent(
  db: Executor,
  mark: { resource: string; record_id: number; field: string; language: string },
): Promise<boolean> {
  const result = await db
    .deleteFrom('translation_marks')
    .where('resource', '=', mark.resource)
    .where('record_id', '=', mark.record_id)
    .where('field', '=', mark.field)
    .where('language', '=', mark.language)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
