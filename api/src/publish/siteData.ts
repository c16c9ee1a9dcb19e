import { createHash } from 'node:crypto';
import { type Language, LANGUAGES, type SiteData } from '@conveyor/shared';
import type { FastifyInstance } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { publicDocument } from '../content/documents.ts';
import { productMedia } from '../content/productMedia.ts';
import { type Db, readConsistently } from '../db/connect.ts';
import { getSettings } from '../db/repositories/settings.ts';
import { relatedProducts } from '../db/repositories/related.ts';
import { productSpecs, templates } from '../db/repositories/specs.ts';
import {
  attributes,
  categories,
  clients,
  documents,
  products,
  project,
  testimonials,
} from '../db/repositories/tables.ts';
import type { TableRepository } from '../db/repositories/table.ts';
import type { Database } from '../db/types.ts';

/** Every row of a list at once: a build reads the whole catalogue. */
const ALL = 1_000_000;

/** What anonymous readers see of a resource, in the public list's order. */
function visible<T>(trx: Kysely<Database>, repo: TableRepository<T>): Promise<T[]> {
  return repo.page(trx, { page: 1, limit: ALL, activeOnly: true });
}

/**
 * The data a site build shows (the shared `SiteData`), read in one transaction: what
 * anonymous readers of the public API see, each product with its gallery and its videos as its
 * detail route gives them. One moment of the database, so a record deleted while the build runs
 * can no longer fail it with a 404; and one read instead of a request per product.
 *
 * PostgreSQL reads at REPEATABLE READ; SQLite's single connection serialises the transaction
 * with the writes (it takes a fraction of a second even for thousands of products).
 */
/** What signs the product pages' "Ask in Telegram" links, when buyers' chats are on. */
export interface TelegramLinks {
  bot: string;
  payload(productId: number, language: Language): string;
}

export async function readSiteData(
  db: Db,
  telegram: TelegramLinks | null = null,
): Promise<SiteData> {
  const read = async (trx: Transaction<Database>): Promise<SiteData> => {
    const settings = await getSettings(trx);
    const [categoryRows, productRows, projects, clientRows, testimonialRows, mediaOf] =
      await Promise.all([
        visible(trx, categories),
        visible(trx, products),
        visible(trx, project),
        visible(trx, clients),
        visible(trx, testimonials),
        productMedia(trx, { visibleOnly: true }),
      ]);
    const [attributeRows, templateOf, specsOf, documentRows, relatedOf] = await Promise.all([
      visible(trx, attributes),
      templates(trx),
      productSpecs(trx),
      visible(trx, documents),
      relatedProducts(trx),
    ]);
    // a related product the site does not show is not linked to
    const shownProducts = new Set(productRows.map((product) => product.id));
    // an inactive attribute is not shown: the lists leave it out
    const shown = new Set(attributeRows.map((attribute) => attribute.id));
    const showing = <T extends { attribute_id: number }>(list: T[] | undefined) =>
      (list ?? []).filter((item) => shown.has(item.attribute_id));
    return {
      settings,
      categories: categoryRows.map((category) => ({
        ...category,
        attributes: showing(templateOf.get(category.id)),
      })),
      attributes: attributeRows,
      products: productRows.map((product) => ({
        ...product,
        ...mediaOf(product.id),
        specs: showing(specsOf.get(product.id)),
        related: (relatedOf.get(product.id) ?? []).filter((item) =>
          shownProducts.has(item.product_id),
        ),
      })),
      projects,
      documents: documentRows.map(publicDocument),
      clients: clientRows,
      testimonials: testimonialRows,
      telegram: telegram && {
        bot: telegram.bot,
        products: Object.fromEntries(
          productRows.map((product) => [
            product.id,
            Object.fromEntries(
              LANGUAGES.map((language) => [language, telegram.payload(product.id, language)]),
            ) as Record<Language, string>,
          ]),
        ),
      },
    };
  };
  return readConsistently(db, read);
}

/** A short hash of the site data as a build receives it (readSiteData, as JSON). */
export function siteDataHash(json: string): string {
  return createHash('sha256').update(json).digest('base64url');
}

/**
 * The API as a build reads it (its pictures, or its lists when it has no snapshot):
 * PUBLISH_API_URL, or this server at the address it really listens on.
 */
export function buildApiUrl(app: FastifyInstance): string {
  if (app.config.publish.apiUrl) return app.config.publish.apiUrl;
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : app.config.port;
  return `http://127.0.0.1:${port}`;
}
