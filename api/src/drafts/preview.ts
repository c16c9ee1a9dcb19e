import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  DAY_MS,
  LANGUAGES,
  type Language,
  type Preview,
  SETTINGS_DRAFT,
  SETTINGS_RECORD_ID,
} from '@conveyor/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { REPO_ROOT } from '../config.ts';
import { findDraft } from '../db/repositories/drafts.ts';
import { serverKey } from '../db/repositories/security.ts';
import { ApiError, NotFound } from '../lib/httpErrors.ts';
import { ensurePreviewCookie } from '../lib/sessionCookies.ts';
import { buildEnvironment, LogTail, runBuild } from '../publish/buildProcess.ts';
import { buildApiUrl, readSiteData } from '../publish/siteData.ts';
import { type AnyRecord, type Crud, present } from '../content/definition.ts';
import { partsIn, readParts } from '../content/parts.ts';
import { publicDocument } from '../content/documents.ts';
import { columnValues } from '../content/values.ts';
import { documents } from '../db/repositories/tables.ts';
import { picturesOf } from './pictures.ts';

/**
 * Previews of drafts: the record's public pages, with its draft applied, built by
 * the site's own build (its components and styles) into DATA_DIR/previews/<link>/ and served
 * under /preview/<link>/ to whoever holds the link until it expires. The link is signed with a
 * server key every instance reads from the database, so it cannot be made up or prolonged.
 */

/** Previews are kept this much longer than the longest link lasts, then removed. */
const KEEP_MS = 8 * DAY_MS;

type Data = Record<string, AnyRecord[]> & { settings: unknown };

const key = (app: FastifyInstance) => serverKey(app.db.kysely, 'preview-signing');

const signature = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(payload).digest('base64url').slice(0, 32);

/** A link: a random id, its expiry (ms since the epoch), a signature of both. */
export async function signPreviewLink(app: FastifyInstance, expires: number): Promise<string> {
  const payload = `${randomBytes(12).toString('hex')}.${expires}`;
  return `${payload}.${signature(await key(app), payload)}`;
}

/** Whether a link is one this server signed ('ok'), one that expired, or neither. */
export async function checkPreviewLink(
  app: FastifyInstance,
  link: string,
  now: number,
): Promise<'ok' | 'expired' | 'invalid'> {
  const match = /^([0-9a-f]{24})\.(\d{1,15})\.([\w-]{32})$/.exec(link);
  if (!match) return 'invalid';
  const expected = Buffer.from(signature(await key(app), `${match[1]}.${match[2]}`));
  const given = Buffer.from(match[3]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
  return Number(match[2]) > now ? 'ok' : 'expired';
}

/** Replaces the record of that id in a list, or adds it. */
function put(list: AnyRecord[], record: AnyRecord): AnyRecord[] {
  const at = list.findIndex((row) => row.id === record.id);
  return at < 0 ? [...list, record] : list.map((row, index) => (index === at ? record : row));
}

/**
 * The site's data with the record as its draft would make it, live: what the preview shows.
 * Answers the page it is seen on (`/catalog/3/products/12`), or null when the site has none
 * (a product of a hidden category).
 */
async function withDraft(
  app: FastifyInstance,
  def: Crud,
  record: AnyRecord,
  data: Data,
): Promise<string | null> {
  const db = app.db.kysely;
  const draft = await findDraft(db, def.name, record.id);
  const pictures = picturesOf(def, draft?.data);
  const merged = {
    ...record,
    // its parts (a product's specs) as the draft leaves them
    ...(await readParts(def, db, record.id)),
    ...partsIn(def, draft?.data),
    ...columnValues(def, draft?.data ?? {}),
    ...(def.image && pictures.image !== undefined && { [def.image.column]: pictures.image }),
    is_active: true,
  } as AnyRecord;
  const visible = (list: string, id: unknown) => data[list]!.some((row) => row.id === id);
  switch (def.name) {
    case 'categories':
      data.categories = put(data.categories!, merged);
      return `/catalog/${merged.id}`;
    case 'products': {
      const shown = {
        ...((await present(def, db, merged, false)) as AnyRecord),
        ...partsIn(def, draft?.data),
      };
      // the gallery as the draft leaves it; its new pictures have no ids yet
      shown.images = [
        ...(shown.images as { id: number }[]).filter(
          (image) => !pictures.removed.includes(image.id),
        ),
        ...pictures.added.map((src, index) => ({ id: -1 - index, src })),
      ];
      data.products = put(data.products!, shown);
      return visible('categories', merged.category_id)
        ? `/catalog/${String(merged.category_id)}/products/${merged.id}`
        : null;
    }
    case 'media': {
      const product = data.products!.find((row) => row.id === merged.product_id);
      if (!product || !visible('categories', product.category_id)) return null;
      product.media = put(product.media as AnyRecord[], merged);
      return `/catalog/${String(product.category_id)}/products/${product.id}`;
    }
    case 'documents': {
      // what its key says of the file, as the draft leaves it
      documents.shape.derived?.add(merged);
      data.documents = put(data.documents!, publicDocument(merged as never));
      if (merged.product_id !== null) {
        const product = data.products!.find((row) => row.id === merged.product_id);
        return product && visible('categories', product.category_id)
          ? `/catalog/${String(product.category_id)}/products/${product.id}`
          : null;
      }
      if (merged.project_id !== null) {
        return visible('projects', merged.project_id)
          ? `/projects/${String(merged.project_id)}`
          : null;
      }
      return visible('categories', merged.category_id)
        ? `/catalog/${String(merged.category_id)}`
        : null;
    }
    case 'project':
      data.projects = put(data.projects!, merged);
      return `/projects/${merged.id}`;
    case 'clients':
      data.clients = put(data.clients!, merged);
      return '/clients';
    case 'testimonials':
      data.testimonials = put(data.testimonials!, merged);
      return '/about';
    default:
      return null;
  }
}

const pathIn = (lang: Language, path: string) => (lang === 'ru' ? path : `/${lang}${path}`);

/**
 * A preview route's answer: the build's links, or the 502 of a failed build with its code (the
 * failure is the server's, but staff should know it was the preview's; its log has the build's
 * output). Gives the browser the preview cookie first.
 */
export async function answerPreview(
  request: FastifyRequest,
  reply: FastifyReply,
  build: () => Promise<Preview>,
) {
  ensurePreviewCookie(request, reply);
  try {
    return { data: await build() };
  } catch (error) {
    if (error instanceof ApiError && error.errorCode === 'drafts.previewFailed') {
      return reply.status(502).send({ error: error.message, code: error.errorCode });
    }
    throw error;
  }
}

/** Removes previews whose links have long expired. */
async function prune(dir: string, now: number): Promise<void> {
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const folder = join(dir, name);
    const { mtimeMs } = await stat(folder).catch(() => ({ mtimeMs: now }));
    if (now - mtimeMs > KEEP_MS) await rm(folder, { recursive: true, force: true });
  }
}

// One preview build at a time per instance: each is a whole Astro run on a small machine.
let queue: Promise<unknown> = Promise.resolve();

/**
 * Builds the preview of a record (with its draft, if it has one) and answers its pages' links
 * in each language. Fails with drafts.noPage when the site shows no page of it, with
 * drafts.previewFailed (502) when the build fails.
 */
export async function buildPreview(
  app: FastifyInstance,
  def: Crud,
  id: number,
  hours: number,
): Promise<Preview> {
  const record = await def.repo.get(app.db.kysely, id);
  if (!record) throw new NotFound('Not found');
  return previewOf(app, (data) => withDraft(app, def, record, data), hours);
}

/**
 * Builds the preview of the company settings with their draft: the contacts page, which shows
 * them all (every page's header and footer show them too).
 */
export async function buildSettingsPreview(app: FastifyInstance, hours: number) {
  const draft = await findDraft(app.db.kysely, SETTINGS_DRAFT, SETTINGS_RECORD_ID);
  return previewOf(
    app,
    (data) => {
      data.settings = { ...(data.settings as object), ...draft?.data };
      return Promise.resolve('/contacts');
    },
    hours,
  );
}

/**
 * Builds a preview of the site's data as `apply` changes it (answering the page to show, or
 * null when there is none) and answers that page's links in each language.
 */
async function previewOf(
  app: FastifyInstance,
  apply: (data: Data) => Promise<string | null>,
  hours: number,
): Promise<Preview> {
  // the snapshot as lists by resource name, which the draft's record is put into
  const data = (await readSiteData(app.db, await app.telegram.siteLinks())) as unknown as Data;
  const path = await apply(data);
  if (!path) {
    throw new NotFound('The site shows no page of this record', { code: 'drafts.noPage' });
  }
  const now = app.jobs.clock.now();
  const expires = now + hours * 3600_000;
  const link = await signPreviewLink(app, expires);
  const dir = join(app.config.dataDir, 'previews');
  const outDir = join(dir, link);
  const pages = Object.fromEntries(LANGUAGES.map((lang) => [lang, pathIn(lang, path)])) as Record<
    Language,
    string
  >;
  const run = async () => {
    await prune(dir, now);
    await mkdir(dir, { recursive: true });
    const dataFile = join(dir, `${link}.json`);
    await writeFile(dataFile, JSON.stringify(data));
    const tail = new LogTail();
    try {
      const outcome = await runBuild(
        app.config.publish.command.replaceAll('{outDir}', JSON.stringify(outDir)),
        {
          cwd: REPO_ROOT,
          env: buildEnvironment({
            API_URL: buildApiUrl(app),
            SITE_DATA: dataFile,
            SITE_ONLY: JSON.stringify(Object.values(pages)),
            SITE_BASE: `/preview/${link}`,
            ASTRO_TELEMETRY_DISABLED: '1',
          }),
          timeoutMs: app.config.publish.buildTimeoutMs,
          killGraceMs: 5000,
        },
        tail,
      );
      if (outcome.code !== 0 || outcome.stopped) {
        app.log.error({ log: tail.text() }, 'a preview build failed');
        await rm(outDir, { recursive: true, force: true });
        throw new ApiError(502, 'drafts.previewFailed', 'The preview could not be built');
      }
    } finally {
      await rm(dataFile, { force: true });
    }
  };
  const built = queue.then(run, run);
  queue = built.catch(() => undefined);
  await built;
  return {
    pages: Object.fromEntries(
      LANGUAGES.map((lang) => [lang, `/preview/${link}${pages[lang]}/`]),
    ) as Preview['pages'],
    expires_at: new Date(expires).toISOString(),
  };
}
