import type { ListParams, TableRepository } from '../db/repositories/table.ts';
import type { Executor } from '../db/repositories/table.ts';

/** Rows read per query: a big table is never loaded at once. */
export const EXPORT_PAGE_SIZE = 500;

/**
 * Every record a list's selection matches, in its order, page after page as the file is
 * written. The first page is read before the answer starts, so a failing database is an error
 * answer rather than a cut file. Pages are read by offset like the list's; a record that a new
 * lead pushes onto the next page is written once, at its first place.
 */
export async function recordPages<T extends { id: number }>(
  db: Executor,
  repo: TableRepository<T>,
  selection: Omit<ListParams, 'page' | 'limit'>,
  pageSize = EXPORT_PAGE_SIZE,
): Promise<AsyncIterable<T[]>> {
  const read = (page: number) => repo.page(db, { ...selection, page, limit: pageSize });
  const first = await read(1);
  const seen = new Set<number>();
  async function* pages(): AsyncGenerator<T[]> {
    let rows = first;
    for (let page = 1; ;) {
      const fresh = rows.filter((row) => !seen.has(row.id));
      for (const row of fresh) seen.add(row.id);
      if (fresh.length) yield fresh;
      if (rows.length < pageSize) return;
      page += 1;
      rows = await read(page);
    }
  }
  return pages();
}
