import type { ProductImage } from '@conveyor/shared';
import { PostgresAdapter, type Expression, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import { jsonArrayFrom as postgresArray } from 'kysely/helpers/postgres';
import { jsonArrayFrom as sqliteArray } from 'kysely/helpers/sqlite';
import { PreparedQuery } from '../db/prepared.ts';
import { toRelated } from '../db/repositories/related.ts';
import { IMAGE_COLUMNS } from '../db/repositories/productImages.ts';
import { SPEC_COLUMNS, type SpecRow, toSpec } from '../db/repositories/specs.ts';
import type { AnyEb, Executor } from '../db/repositories/table.ts';
import { media, products, visibleProductIds } from '../db/repositories/tables.ts';
import type { AnyRecord } from './definition.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the untyped view table.ts uses
type AnySelect = SelectQueryBuilder<any, any, any>;
type JsonArray = (query: AnySelect) => RawBuilder<unknown>;

/**
 * A product with everything its detail shows, in one statement: its columns, and its pictures,
 * videos, specifications and related products as JSON arrays. `visibleOnly`: the product only
 * if anonymous readers may see it (then its videos need only be active: their product is
 * visible), only its active videos, and only the related products they may see too.
 */
function detailQuery(db: Executor, visibleOnly: boolean, id: unknown) {
  const json: JsonArray =
    db.getExecutor().adapter instanceof PostgresAdapter ? postgresArray : sqliteArray;
  const own = (eb: AnyEb, table: string) =>
    eb.selectFrom(table).whereRef('product_id', '=', 'products.id');
  const [mediaSort, mediaOrder] = media.shape.defaultSort;
  return (db as unknown as { selectFrom(table: 'products'): AnySelect })
    .selectFrom('products')
    .select(products.shape.columns)
    .select((eb: AnyEb) => [
      json(own(eb, 'product_images').select(IMAGE_COLUMNS).orderBy('position').orderBy('id')).as(
        'images',
      ),
      json(
        own(eb, 'media')
          .select(media.shape.columns)
          .$if(visibleOnly, (query) => query.where('is_active', '=', true))
          .orderBy(mediaSort, mediaOrder),
      ).as('media'),
      json(own(eb, 'product_specs').select(SPEC_COLUMNS).orderBy('attribute_id')).as('specs'),
      // an anonymous reader learns of no hidden product through another's list (one switched
      // off, in a hidden category, waiting for its schedule or its draft); staff see them all
      json(
        own(eb, 'product_related')
          .select(['related_id', 'kind', 'two_way'])
          .$if(visibleOnly, (query) => query.where('related_id', 'in', visibleProductIds(eb)))
          .orderBy('position'),
      ).as('related'),
    ])
    .where('id', '=', id)
    .$if(visibleOnly, (query) =>
      query.where((eb: AnyEb) => eb.and(products.visible(eb) as Expression<boolean>[])),
    );
}

const prepared = {
  visible: new PreparedQuery((db, id: unknown) => detailQuery(db, true, id)),
  all: new PreparedQuery((db, id: unknown) => detailQuery(db, false, id)),
};

/** A JSON array column: text from SQLite, parsed already by PostgreSQL's driver. */
const list = <T>(value: unknown): T[] =>
  (typeof value === 'string' ? JSON.parse(value) : value) as T[];

/**
 * A product's detail as the product routes answer it (its columns, `images`, `media`, `specs`,
 * `related` and `gallery`), read in one prepared statement: what `present` assembles from the
 * parts and the media in six queries, for the product page's every uncached read. `undefined`
 * when there is no such product, or anonymous readers may not see it (`visibleOnly`).
 * api/test/content/specs.test.ts checks that both give the same.
 */
export async function productDetail(
  db: Executor,
  id: number,
  visibleOnly: boolean,
): Promise<AnyRecord | undefined> {
  const [row] = await (visibleOnly ? prepared.visible : prepared.all).execute(db, id);
  if (!row) return undefined;
  // the row as the API gives a product, its arrays parsed in their places (one copy of it)
  const record = products.map(row as Record<string, unknown>) as unknown as AnyRecord;
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const images = list<ProductImage>(record.images);
  record.images = images;
  record.media = list<Record<string, unknown>>(record.media).map((video) =>
    media.map(postgres ? jsonTimestamps(video) : video),
  );
  record.specs = list<Omit<SpecRow, 'product_id'>>(record.specs).map(toSpec);
  record.related = list<Parameters<typeof toRelated>[0]>(record.related).map(toRelated);
  record.gallery = images.map(({ src, alt_uz, alt_ru, alt_en }) => ({
    src,
    alt_uz,
    alt_ru,
    alt_en,
  }));
  return record;
}

/**
 * PostgreSQL writes a timestamp inside JSON as `2026-11-27T13:22:47.657+00:00`; the API answers
 * `…47.657Z`, as a row's own column gives it.
 */
function jsonTimestamps(row: Record<string, unknown>): Record<string, unknown> {
  const out = { ...row };
  for (const key of ['created_at', 'updated_at']) {
    if (typeof out[key] === 'string') out[key] = new Date(out[key] as string).toISOString();
  }
  return out;
}
