import {
  type Language,
  LANGUAGES,
  recordLabel,
  TRANSLATED_FIELDS,
  type TranslatedResource,
  type TranslationGap,
} from '@conveyor/shared';
import { sql } from 'kysely';
import type { Executor } from '../db/repositories/table.ts';
import { outdatedTranslations } from './translationMarks.ts';

// What the catalogue lacks in a language (the editors' dashboard and the translators' list):
// texts left empty (TRANSLATED_FIELDS), and texts another language changed after
// (translationMarks.ts).

/** How many records of a resource there are, and how many have a translated text empty. */
export async function incompleteCount(
  db: Executor,
  resource: TranslatedResource,
): Promise<{ total: number; incomplete: number }> {
  const columns = TRANSLATED_FIELDS[resource].flatMap((field) =>
    LANGUAGES.map((language) => `${field}_${language}`),
  );
  const empty = sql.join(
    columns.map((column) => sql`coalesce(trim(${sql.ref(column)}), '') = ''`),
    sql` or `,
  );
  const row = await db
    .selectFrom(resource)
    .select([
      sql<number | string>`count(*)`.as('total'),
      sql<number | string | null>`sum(case when ${empty} then 1 else 0 end)`.as('incomplete'),
    ])
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), incomplete: Number(row.incomplete ?? 0) };
}

/**
 * A resource's gaps in these languages: each empty text of the first `max` records that have
 * one, then each outdated text, with the record's label in the first language it has one in.
 */
export async function translationGaps(
  db: Executor,
  resource: TranslatedResource,
  languages: readonly Language[],
  max: number,
): Promise<TranslationGap[]> {
  const gaps: TranslationGap[] = [];
  const fields = TRANSLATED_FIELDS[resource];
  const columns = fields.flatMap((field) => LANGUAGES.map((lang) => `${field}_${lang}`));
  const empty = (column: string) => sql<boolean>`coalesce(trim(${sql.ref(column)}), '') = ''`;
  const wanted = fields.flatMap((field) => languages.map((lang) => `${field}_${lang}`));
  const rows = (await db
    .selectFrom(resource)
    .select(['id', ...columns] as never[])
    .where((eb) => eb.or(wanted.map((column) => empty(column))))
    .orderBy('id')
    .limit(max)
    .execute()) as unknown as Record<string, unknown>[];
  const marks = await outdatedTranslations(db, resource);
  const records = new Map(rows.map((row) => [row.id as number, row]));
  // the outdated ones' records, for their names
  const markedIds = [...new Set(marks.map((mark) => mark.record_id))].filter(
    (id) => !records.has(id),
  );
  if (markedIds.length) {
    const more = (await db
      .selectFrom(resource)
      .select(['id', ...columns] as never[])
      .where('id', 'in', markedIds)
      .execute()) as unknown as Record<string, unknown>[];
    for (const row of more) records.set(row.id as number, row);
  }
  const label = (row: Record<string, unknown>) =>
    LANGUAGES.map((lang) => recordLabel(resource, row, lang).trim()).find(Boolean) ??
    `#${String(row.id)}`;
  for (const row of rows) {
    for (const field of fields) {
      for (const language of languages) {
        const text = row[`${field}_${language}`];
        if (typeof text === 'string' && text.trim()) continue;
        gaps.push({
          resource,
          record_id: row.id as number,
          label: label(row),
          field,
          language,
          state: 'missing',
          since: null,
        });
      }
    }
  }
  for (const mark of marks) {
    const row = records.get(mark.record_id);
    // a mark of a deleted record, or of a language not asked for
    if (!row || !languages.includes(mark.language)) continue;
    gaps.push({ ...mark, label: label(row), state: 'outdated' });
  }
  return gaps;
}
