import { randomUUID } from 'node:crypto';
import {
  documentKey,
  type Language,
  LANGUAGES,
  normaliseNewlines,
  safeDocumentName,
} from '@conveyor/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Insertable } from 'kysely';
import type { Db } from '../connect.ts';
import type { DocumentsTable } from '../types.ts';
import type { Executor } from '../repositories/table.ts';
import type { ImageStore } from '../../lib/imageStore.ts';
import { nowIso } from '../../lib/rows.ts';
import {
  ATTRIBUTES,
  CATEGORIES,
  type SeedProduct,
  SPEC_LABELS,
  type SpecKey,
  type Text3,
} from './catalogue.ts';
import { TEMPLATES, typedSpecs } from './specs.ts';
import {
  CLIENTS,
  DEMO_SETTINGS,
  LEADS,
  PRODUCT_VIDEOS,
  PROJECTS,
  SUPPLIERS,
  TESTIMONIALS,
} from './content.ts';
import { DOCUMENT_TITLES, demoDxf, demoPdf } from './documents.ts';
import { categoryPicture, clientLogo, productPicture, random } from './pictures.ts';

/** A seeded lead without a visit's context leaves these empty, as the columns' defaults do. */
const NO_CONTEXT = {
  page: '',
  language: '',
  referrer: '',
  utm_source: '',
  utm_medium: '',
  utm_campaign: '',
  utm_term: '',
  utm_content: '',
};

const LOCALES: Record<Language, string> = { ru: 'ru-RU', uz: 'uz-UZ', en: 'en-GB' };
const UNITS: Record<string, Text3> = {
  mm: { ru: 'мм', uz: 'mm', en: 'mm' },
  m: { ru: 'м', uz: 'm', en: 'm' },
  kg: { ru: 'кг', uz: 'kg', en: 'kg' },
  'kg/m': { ru: 'кг/м', uz: 'kg/m', en: 'kg/m' },
  'kg/h': { ru: 'кг/ч', uz: 'kg/soat', en: 'kg/h' },
  't/h': { ru: 'т/ч', uz: 't/soat', en: 't/h' },
  'm³/h': { ru: 'м³/ч', uz: 'm³/soat', en: 'm³/h' },
  kW: { ru: 'кВт', uz: 'kVt', en: 'kW' },
  'm/s': { ru: 'м/с', uz: 'm/s', en: 'm/s' },
  'm/min': { ru: 'м/мин', uz: 'm/daq', en: 'm/min' },
  rpm: { ru: 'об/мин', uz: 'ayl/daq', en: 'rpm' },
  'N·m': { ru: 'Н·м', uz: 'N·m', en: 'N·m' },
  'pcs/h': { ru: 'шт/ч', uz: 'dona/soat', en: 'pcs/h' },
  'pcs/min': { ru: 'шт/мин', uz: 'dona/daq', en: 'pcs/min' },
};

/** '<=1800 mm' → 'до 1 800 мм' / '1 800 mm gacha' / 'up to 1,800 mm'. */
export function formatSpec(value: string, lang: Language): string {
  const match = /^(<=)?(Ø)?([\d.]+)(?:–([\d.]+))? (.+)$/.exec(value);
  if (!match) throw new Error(`unreadable spec value: ${value}`);
  const [, upTo, diameter, from, to, unitKey] = match;
  const unit = UNITS[unitKey!];
  if (!unit) throw new Error(`unknown unit in spec value: ${value}`);
  const number = new Intl.NumberFormat(LOCALES[lang], { maximumFractionDigits: 2 });
  const range = [from, to]
    .filter(Boolean)
    .map((n) => number.format(Number(n)))
    .join('–');
  const amount = `${diameter ?? ''}${range} ${unit[lang]}`;
  if (!upTo) return amount;
  return { ru: `до ${amount}`, uz: `${amount} gacha`, en: `up to ${amount}` }[lang];
}

export function productDescription(
  product: SeedProduct,
  closing: Text3,
  lang: Language,
  figures: SeedProduct['specs'] = product.specs,
): string {
  const specs = (Object.entries(figures) as [SpecKey, string][])
    .map(([key, value]) => `${SPEC_LABELS[key][lang]}: ${formatSpec(value, lang)}`)
    .join(' · ');
  return normaliseNewlines([product.lead[lang], specs, closing[lang]].filter(Boolean).join('\n\n'));
}

/** `localized('name', text)` → `{ name_ru, name_uz, name_en }`. */
function localized<P extends string>(prefix: P, text: Text3 | ((lang: Language) => string)) {
  const pick = typeof text === 'function' ? text : (lang: Language) => text[lang];
  return Object.fromEntries(
    LANGUAGES.map((lang) => [`${prefix}_${lang}`, normaliseNewlines(pick(lang))]),
  ) as Record<`${P}_${Language}`, string>;
}

/**
 * A row's texts with LF line breaks only, as the API stores what it is sent: the demo content is
 * then what a save of it keeps (a checkout with CRLF line endings cannot slip them in).
 */
function lf<T extends object>(row: T): T {
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [
      key,
      typeof value === 'string' ? normaliseNewlines(value) : value,
    ]),
  ) as T;
}

/**
 * Runs picture jobs a few at a time, each starting as soon as one ends (batches waited for
 * their slowest and left a core idle), results in the jobs' order. sharp draws on libuv's
 * threads.
 */
async function inBatches<T>(jobs: (() => Promise<T>)[], size = 4): Promise<T[]> {
  const results: T[] = new Array(jobs.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(size, jobs.length) }, async () => {
      for (let i = next++; i < jobs.length; i = next++) results[i] = await jobs[i]!();
    }),
  );
  return results;
}

export interface SeedCounts {
  categories: number;
  products: number;
  productImages: number;
  attributes: number;
  /** Lines of the categories' templates. */
  templateEntries: number;
  /** Products' typed values. */
  productSpecs: number;
  media: number;
  documents: number;
  project: number;
  testimonials: number;
  clients: number;
  leads: number;
  suppliers: number;
}

/** `flat` cut into consecutive groups of the given sizes. */
function regroup<T>(flat: readonly T[], sizes: readonly number[]): T[][] {
  let taken = 0;
  return sizes.map((size) => flat.slice(taken, (taken += size)));
}

/** The seed of the demo's random choices (how many pictures a product has, and more). */
const DEMO_SEED = 20261122;

/** The demo's products in the order they are seeded, with what `rnd` chose for each. */
function planProducts(rnd: () => number) {
  return CATEGORIES.flatMap((category, c) =>
    category.products.map((product, p) => ({
      category,
      c,
      product,
      seed: (c + 1) * 100 + p,
      pictures: 2 + Math.floor(rnd() * 4),
      typed: typedSpecs(category, product, p),
    })),
  );
}

/** The demo's pictures, drawn and not yet stored. */
export interface DemoPictures {
  /** One per category, in CATEGORIES' order. */
  categories: Buffer[];
  /** Per product, in the order they are seeded: its main picture, then its gallery's. */
  products: Buffer[][];
  /** One per client, in CLIENTS' order. */
  logos: Buffer[];
}

/**
 * Draws the demo's pictures. They need no database: a first start of the demo draws them while
 * the app loads and migrates (main.ts), and hands them to seedDemo.
 */
export async function drawDemoPictures(): Promise<DemoPictures> {
  const plans = planProducts(random(DEMO_SEED));
  // one list of jobs, so that no slot idles between the kinds
  const drawn = await inBatches([
    ...CATEGORIES.map((category, index) => () => categoryPicture(category.hue, index + 1)),
    ...CLIENTS.map((client, index) => () => clientLogo(client.hue, client.shape, index + 1)),
    ...plans.flatMap((plan) => [
      () => productPicture(plan.category.hue, 0, plan.seed),
      ...Array.from(
        { length: plan.pictures },
        (_, v) => () => productPicture(plan.category.hue, v, plan.seed * 7 + v),
      ),
    ]),
  ]);
  const [categories, logos, ...products] = regroup(drawn, [
    CATEGORIES.length,
    CLIENTS.length,
    ...plans.map((plan) => 1 + plan.pictures),
  ]);
  return { categories: categories!, products, logos: logos! };
}

export interface SeedOptions {
  /**
   * false: the records without their pictures (none drawn, none stored), for a test server
   * whose tests never look at them and whose site builds would spend most of their time
   * encoding them, or a faster first start (SEED_PICTURES). Default true.
   */
  pictures?: boolean;
  /** The pictures, drawn already (drawDemoPictures); by default they are drawn here. */
  drawn?: Promise<DemoPictures>;
}

/**
 * Fills an empty database with the demo catalogue: 8 categories, 40 products with 2–5 pictures
 * each, product videos, 6 projects, 8 clients, 6 testimonials, some leads and supplier
 * applications, and the company data. All in one transaction; if anything fails, the pictures
 * written for it are removed again.
 */
export async function seedDemo(
  db: Db,
  images: ImageStore,
  log: FastifyBaseLogger,
  options: SeedOptions = {},
): Promise<SeedCounts> {
  const written: string[] = [];
  /** A drawn picture stored in a folder of the uploads: its path. */
  const store = (folder: string) => (data: Buffer) => async () => {
    const path = await images.saveDrawn(folder, data, data[0] === 0x89 ? 'png' : 'jpeg');
    written.push(path);
    return path;
  };

  try {
    const rnd = random(DEMO_SEED);
    const productPlans = planProducts(rnd);
    const drawn = options.pictures === false ? null : await (options.drawn ?? drawDemoPictures());
    const categoryImages: (string | null)[] = drawn
      ? await inBatches(drawn.categories.map(store('categories')))
      : [];
    const stored = drawn ? await inBatches(drawn.products.flat().map(store('products'))) : [];
    const productImages = regroup(
      stored,
      productPlans.map((_plan, index) => drawn?.products[index]!.length ?? 0),
    ).map(([main, ...gallery]) => ({ main: main ?? null, gallery }));
    const logos: (string | null)[] = drawn
      ? await inBatches(drawn.logos.map(store('clients')))
      : [];
    if (drawn) log.info({ pictures: written.length }, 'demo pictures drawn');

    return await db.kysely.transaction().execute(async (trx) => {
      const now = nowIso();
      const stamp = { created_at: now, updated_at: now };
      await trx
        .insertInto('settings')
        .values({ id: 1, ...lf(DEMO_SETTINGS), ...stamp })
        .execute();

      const categoryIds: number[] = [];
      for (const [index, category] of CATEGORIES.entries()) {
        const row = await trx
          .insertInto('categories')
          .values({
            ...localized('name', category.name),
            ...localized('description', category.description),
            link: `/catalog/${index + 1}`,
            image: categoryImages[index] ?? null,
            is_active: true,
            ...stamp,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        categoryIds.push(row.id);
      }

      const attributeRows = await trx
        .insertInto('attributes')
        .values(
          ATTRIBUTES.map((attribute) => ({
            code: attribute.code,
            type: attribute.type,
            unit: attribute.unit,
            ...localized('name', attribute.name),
            ...localized('unit', attribute.unitLabel ?? { ru: '', uz: '', en: '' }),
            ...localized('group', attribute.group),
            decimals: attribute.decimals ?? 0,
            filterable: attribute.filterable ?? false,
            comparable: true,
            quote: attribute.quote ?? false,
            options: JSON.stringify(
              (attribute.options ?? []).map((option) => ({
                code: option.code,
                ...localized('name', option.name),
              })),
            ),
            is_active: true,
            ...stamp,
          })),
        )
        .returning(['id', 'code'])
        .execute();
      const attributeId = new Map(attributeRows.map((row) => [row.code, row.id]));
      let templateCount = 0;
      for (const [index, category] of CATEGORIES.entries()) {
        const template = TEMPLATES[category.key] ?? [];
        templateCount += template.length;
        if (!template.length) continue;
        await trx
          .insertInto('category_attributes')
          .values(
            template.map((entry, position) => ({
              category_id: categoryIds[index]!,
              attribute_id: attributeId.get(entry.replace('!', ''))!,
              position,
              required: entry.endsWith('!'),
            })),
          )
          .execute();
      }

      let imageCount = 0;
      let specCount = 0;
      let mediaCount = 0;
      let documentCount = 0;
      /** A demo document's file, stored: its key. */
      const documentFile = async (data: Buffer, name: string, extension: string) => {
        const key = documentKey(randomUUID(), data.length, safeDocumentName(name), extension);
        await images.storage.put(key, data);
        written.push(key);
        return key;
      };
      /**
       * A product's documents: a datasheet (a PDF, in English), a drawing of every third (a
       * DXF) and a manual given on request of every fourth.
       */
      const productDocuments = async (
        trx: Executor,
        productId: number,
        product: SeedProduct,
        index: number,
        stamp: object,
      ) => {
        const figures = Object.entries(product.specs).map(([key, value]) => `${key}: ${value}`);
        const rows: Omit<Insertable<DocumentsTable>, 'product_id' | 'is_active'>[] = [
          {
            kind: 'datasheet',
            ...localized('title', DOCUMENT_TITLES.datasheet),
            languages: JSON.stringify(['en']),
            revision: '',
            on_request: false,
            file: await documentFile(
              demoPdf(`${product.name.en}: datasheet`, [product.lead.en, ...figures]),
              `${product.name.en} datasheet`,
              'pdf',
            ),
          },
        ];
        if (index % 3 === 0) {
          rows.push({
            kind: 'drawing',
            ...localized('title', DOCUMENT_TITLES.drawing),
            languages: JSON.stringify([]),
            revision: 'B',
            on_request: false,
            file: await documentFile(
              demoDxf(4000 + index * 100, 800),
              `${product.name.en} outline`,
              'dxf',
            ),
          });
        }
        if (index % 4 === 1) {
          rows.push({
            kind: 'manual',
            ...localized('title', DOCUMENT_TITLES.manual),
            languages: JSON.stringify(['ru', 'uz']),
            revision: '2026-03',
            on_request: true,
            file: null,
          });
        }
        await trx
          .insertInto('documents')
          .values(rows.map((row) => ({ ...row, product_id: productId, is_active: true, ...stamp })))
          .execute();
        return rows.length;
      };
      const productIds: number[] = [];
      for (const [index, plan] of productPlans.entries()) {
        const pictures = productImages[index]!;
        const row = await trx
          .insertInto('products')
          .values({
            ...localized('name', plan.product.name),
            ...localized('description', (lang) =>
              productDescription(plan.product, plan.category.closing, lang, plan.typed.rest),
            ),
            category_id: categoryIds[plan.c]!,
            image: pictures.main,
            // two products wait for their texts: staff see them, visitors do not
            is_active: index !== 7 && index !== 23,
            ...stamp,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (pictures.gallery.length) {
          await trx
            .insertInto('product_images')
            .values(
              pictures.gallery.map((src, position) => ({
                product_id: row.id,
                src,
                position,
                ...stamp,
              })),
            )
            .execute();
        }
        imageCount += pictures.gallery.length;
        const typed = Object.entries(plan.typed.values);
        specCount += typed.length;
        if (typed.length) {
          await trx
            .insertInto('product_specs')
            .values(
              typed.map(([code, value]) => ({
                product_id: row.id,
                attribute_id: attributeId.get(code)!,
                value_number: typeof value.value === 'number' ? value.value : null,
                value_boolean: typeof value.value === 'boolean' ? value.value : null,
                min: value.min ?? null,
                max: value.max ?? null,
                option: value.option ?? null,
              })),
            )
            .execute();
        }
        productIds.push(row.id);
        documentCount += await productDocuments(trx, row.id, plan.product, index, stamp);
        const videos = PRODUCT_VIDEOS.slice(0, index % 3);
        for (const [v, video] of videos.entries()) {
          await trx
            .insertInto('media')
            .values({
              ...localized('title', video.title),
              link: video.video,
              product_id: row.id,
              is_active: !(v === 1 && index % 4 === 0),
              ...stamp,
            })
            .execute();
          mediaCount += 1;
        }
      }

      await trx
        .insertInto('project')
        .values(
          PROJECTS.map((project) => ({
            ...localized('title', project.title),
            ...localized('description', project.description),
            link: project.video,
            is_active: true,
            ...stamp,
          })),
        )
        .execute();
      // related products: every other conveyor of the first three categories offers an
      // automation product as an accessory, a drive as a spare part, and the next conveyor of
      // its category as a similar one, both ways
      const firstOf = (key: string) => productPlans.findIndex((plan) => plan.category.key === key);
      const related = productPlans.flatMap((plan, index) => {
        const next = productPlans[index + 1];
        if (plan.c > 2 || index % 2 !== 0 || next?.c !== plan.c) return [];
        return [
          { related: firstOf('automation'), kind: 'accessory', two_way: true },
          { related: firstOf('drives'), kind: 'spare_part', two_way: false },
          { related: index + 1, kind: 'similar', two_way: true },
        ]
          .filter((item) => item.related >= 0)
          .map((item, position) => ({
            product_id: productIds[index]!,
            related_id: productIds[item.related]!,
            kind: item.kind,
            two_way: item.two_way,
            position,
          }));
      });
      if (related.length) await trx.insertInto('product_related').values(related).execute();
      // the first project's certificate
      const firstProject = await trx
        .selectFrom('project')
        .select('id')
        .orderBy('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('documents')
        .values({
          kind: 'certificate',
          ...localized('title', DOCUMENT_TITLES.certificate),
          languages: JSON.stringify(['ru', 'en']),
          file: await documentFile(
            demoPdf('Certificate of conformity', [PROJECTS[0]!.title.en]),
            'certificate of conformity',
            'pdf',
          ),
          project_id: firstProject.id,
          is_active: true,
          on_request: false,
          ...stamp,
        })
        .execute();
      documentCount += 1;
      await trx
        .insertInto('testimonials')
        .values(
          TESTIMONIALS.map((testimonial) => ({
            ...localized('name', testimonial.name),
            ...localized('message', testimonial.message),
            is_active: true,
            ...stamp,
          })),
        )
        .execute();
      await trx
        .insertInto('clients')
        .values(
          CLIENTS.map((client, index) => ({
            name: normaliseNewlines(client.name),
            image: logos[index] ?? null,
            is_active: true,
            ...stamp,
          })),
        )
        .execute();
      await trx
        .insertInto('leads')
        .values(LEADS.map((lead) => ({ ...NO_CONTEXT, ...lf(lead), ...stamp })))
        .execute();
      await trx
        .insertInto('suppliers')
        .values(SUPPLIERS.map((supplier) => ({ ...lf(supplier), is_active: true, ...stamp })))
        .execute();

      return {
        categories: CATEGORIES.length,
        products: productPlans.length,
        productImages: imageCount,
        attributes: ATTRIBUTES.length,
        templateEntries: templateCount,
        productSpecs: specCount,
        media: mediaCount,
        documents: documentCount,
        project: PROJECTS.length,
        testimonials: TESTIMONIALS.length,
        clients: CLIENTS.length,
        leads: LEADS.length,
        suppliers: SUPPLIERS.length,
      };
    });
  } catch (error) {
    await images.remove(written);
    throw error;
  }
}

/**
 * Many products for the benchmark: the demo products again and again with a serial number,
 * without pictures. Inserted in batches inside one transaction.
 */
export async function seedBulkProducts(db: Executor, count: number): Promise<void> {
  const categoryRows = await db.selectFrom('categories').select('id').orderBy('id').execute();
  if (!categoryRows.length) throw new Error('seed the demo content first: there are no categories');
  const products = CATEGORIES.flatMap((category) =>
    category.products.map((product) => ({ category, product })),
  );
  const now = nowIso();
  const batch = 500;
  for (let start = 0; start < count; start += batch) {
    const rows = [];
    for (let i = start; i < Math.min(count, start + batch); i++) {
      const { category, product } = products[i % products.length]!;
      const serial = ` #${i + 1}`;
      rows.push({
        name_ru: product.name.ru + serial,
        name_uz: product.name.uz + serial,
        name_en: product.name.en + serial,
        description_ru: productDescription(product, category.closing, 'ru'),
        description_uz: productDescription(product, category.closing, 'uz'),
        description_en: productDescription(product, category.closing, 'en'),
        category_id: categoryRows[i % categoryRows.length]!.id,
        image: null,
        is_active: i % 10 !== 9,
        created_at: now,
        updated_at: now,
      });
    }
    await db.insertInto('products').values(rows).execute();
  }
}
