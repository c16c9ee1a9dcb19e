import { type Language, recordLabel } from '@conveyor/shared';
import { documents, products, users } from '../db/repositories/tables.ts';
import type { Executor } from '../db/repositories/table.ts';

/** The names of the records some ids point to; an id without a record is left out. */
type NameLookup = (
  db: Executor,
  ids: readonly number[],
  language: Language,
) => Promise<Map<number, string>>;

const byIds = { page: 1, activeOnly: false } as const;

/**
 * The columns of an exported record that hold another record's id, and how that record is
 * named in the file: staff read "Dilnoza Karimova" and "LK-400 lentali konveyeri", not 3 and 17.
 * A user is named as the back office's assignee menu names it; a product by its name in the
 * file's language, else in another.
 */
export const EXPORT_REFERENCES: Readonly<Record<string, NameLookup>> = {
  async assignee_id(db, ids) {
    const rows = await users.page(db, { ...byIds, ids, limit: ids.length });
    return new Map(
      rows.map((user) => [
        user.id,
        `${user.first_name ?? ''} ${user.last_name ?? ''}`.trim() || user.user_name,
      ]),
    );
  },
  async product_id(db, ids, language) {
    const rows = await products.page(db, { ...byIds, ids, limit: ids.length });
    return new Map(
      rows.map((product) => [
        product.id,
        [product[`name_${language}`], product.name_uz, product.name_ru, product.name_en].find(
          (name) => typeof name === 'string' && name.trim() !== '',
        ) ?? `#${product.id}`,
      ]),
    );
  },
  async document_id(db, ids, language) {
    const rows = await documents.page(db, { ...byIds, ids, limit: ids.length });
    return new Map(
      rows.map((document) => [
        document.id,
        recordLabel('documents', document, language) || `#${document.id}`,
      ]),
    );
  },
};

/** Names by column, then by id: what one page of an export refers to. */
export type ReferenceNames = ReadonlyMap<string, ReadonlyMap<number, string>>;

/** The names of everything a page of records refers to, one query per reference column. */
export async function referenceNames(
  db: Executor,
  columns: readonly string[],
  records: readonly Record<string, unknown>[],
  language: Language,
): Promise<ReferenceNames> {
  const names = new Map<string, Map<number, string>>();
  for (const column of columns) {
    const lookup = EXPORT_REFERENCES[column];
    if (!lookup) continue;
    const ids = [
      ...new Set(records.map((record) => record[column]).filter((id) => typeof id === 'number')),
    ] as number[];
    names.set(column, ids.length ? await lookup(db, ids, language) : new Map());
  }
  return names;
}
