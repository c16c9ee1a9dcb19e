import { DRAFT_KEPT_PICTURES, isDraftable, isResource, resourceEntry } from '@conveyor/shared';
import { type DataProvider, type Identifier, type RaRecord } from 'react-admin';
import { api } from './http.ts';

/**
 * The data provider on our API (DESIGN section 3), written for it rather than forked from
 * ra-data-simple-rest: the API pages with `page`/`limit` and answers
 * `{data, currentPage, totalPages, total}`, takes multipart for the resources the shared registry gives images,
 * and wants only new files plus the ids of removed gallery images on update.
 */

export interface ListReply {
  data: RaRecord[];
  currentPage: number;
  totalPages: number;
  total?: number;
}

/** A file chosen in an image input: react-admin's shape, or an existing image from the API. */
export interface ImageValue {
  rawFile?: File;
  src?: string;
  title?: string;
  id?: Identifier;
  /** The stored path, for an image that already exists. */
  path?: string;
  /** A gallery picture's alternative texts (stored pictures only). */
  alt_uz?: string;
  alt_ru?: string;
  alt_en?: string;
}

/**
 * How a resource's writes are sent: multipart when the shared registry gives it an image (and,
 * for products, a gallery), with those fields; JSON otherwise. Null for JSON.
 */
function multipartFields(resource: string): { image: string; gallery?: string } | null {
  if (!isResource(resource)) return null;
  const entry = resourceEntry(resource);
  if (!entry.image) return null;
  return { image: entry.image.field, gallery: entry.gallery?.field };
}

/** Read-only fields the API computes; never sent back. */
// `gallery` (a product's pictures' order and texts) is sent as the form's images have it
const READ_ONLY = new Set(['id', 'created_at', 'updated_at', 'media', 'gallery']);

/** The company settings are one record without an id; react-admin sees it as id 1. */
const SINGLETONS = new Set(['settings']);
export const SINGLETON_ID = 1;

/** A list's query string: page, sort and filters as the API's list (and its export) take them. */
export function listQuery(params: {
  pagination?: { page: number; perPage: number };
  sort?: { field: string; order: string };
  filter?: Record<string, unknown>;
}): URLSearchParams {
  const query = new URLSearchParams();
  if (params.pagination) {
    query.set('page', String(params.pagination.page));
    query.set('limit', String(params.pagination.perPage));
  }
  if (params.sort?.field) {
    query.set('sort', params.sort.field);
    query.set('order', params.sort.order.toLowerCase() === 'asc' ? 'asc' : 'desc');
  }
  for (const [key, value] of Object.entries(params.filter ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const item of value) query.append(key, String(item));
    else query.set(key, DATE_RANGE[key]?.(String(value)) ?? String(value));
  }
  return query;
}

const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);
/** A day picked in a date filter, as the instant its (or the next) day starts where staff are. */
const dayStart = (value: string, offset: number) => {
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, day + offset).toISOString();
};

/**
 * The date range filters of worked lists (`created_from`, `created_to`): the API takes
 * instants, the staff pick days, both ends included.
 */
const DATE_RANGE: Record<string, (value: string) => string | undefined> = {
  created_from: (value) => (isDay(value) ? dayStart(value, 0) : undefined),
  created_to: (value) => (isDay(value) ? dayStart(value, 1) : undefined),
};

// `never`: react-admin types results by the caller's record type, which the API cannot know.
// The API's page counts travel in `meta` (the list context's `meta`): the pagination reads
// `totalPages` from there when there is no `total`.
export function toListResult(reply: ListReply): never {
  const meta = { currentPage: reply.currentPage, totalPages: reply.totalPages };
  if (typeof reply.total === 'number') {
    return { data: reply.data, total: reply.total, meta } as never;
  }
  // An API that gives only page counts: react-admin pages with next/previous instead.
  return {
    data: reply.data,
    pageInfo: {
      hasNextPage: reply.currentPage < reply.totalPages,
      hasPreviousPage: reply.currentPage > 1,
    },
    meta,
  } as never;
}

const isFileValue = (value: unknown): value is ImageValue & { rawFile: File } =>
  typeof value === 'object' && value !== null && (value as ImageValue).rawFile instanceof File;

function appendField(form: FormData, key: string, value: unknown) {
  if (value === undefined) return;
  if (value === null) form.append(key, '');
  else if (typeof value === 'object') form.append(key, JSON.stringify(value));
  else form.append(key, String(value));
}

/** The stored path of an image the form shows unchanged (a path, or an input's value). */
function storedPath(value: unknown): string | undefined {
  if (typeof value === 'string') return value || undefined;
  if (typeof value === 'object' && value !== null && !isFileValue(value)) {
    return (value as ImageValue).path;
  }
  return undefined;
}

/**
 * The multipart body of a create or update: text fields, the single image when a new file was
 * chosen (or '' when it was removed), new gallery files as repeated `images`, and the ids of
 * gallery images that were there before and are gone now as repeated `delete_images_array`.
 * Pictures a draft holds are named by their stored path: a draft's new picture in
 * the image field, its added gallery pictures as repeated `draft_images`, so that saving the
 * draft again or publishing it with Save keeps them.
 */
export function toFormData(
  resource: string,
  data: Record<string, unknown>,
  previous?: Record<string, unknown>,
): FormData {
  const spec = multipartFields(resource);
  if (!spec) throw new Error(`${resource} takes JSON, not multipart`);
  const form = new FormData();
  for (const [key, value] of Object.entries(data)) {
    if (READ_ONLY.has(key) || key === spec.image || key === spec.gallery) continue;
    appendField(form, key, value);
  }
  if (spec.image in data) {
    const image = data[spec.image];
    const path = storedPath(image);
    if (isFileValue(image)) form.append(spec.image, image.rawFile, image.rawFile.name);
    else if (!image && previous?.[spec.image]) form.append(spec.image, '');
    else if (path && path !== previous?.[spec.image]) form.append(spec.image, path);
  }
  if (spec.gallery && spec.gallery in data) {
    const gallery = (data[spec.gallery] as ImageValue[] | null) ?? [];
    for (const item of gallery) {
      if (isFileValue(item)) form.append(spec.gallery, item.rawFile, item.rawFile.name);
      // untouched, the form holds the record's value: `{src}` is the stored path
      else if (item.id === undefined && (item.path ?? item.src)) {
        form.append(DRAFT_KEPT_PICTURES, (item.path ?? item.src)!);
      }
    }
    // the live gallery's pictures' order and alternative texts, as the form leaves them; new
    // files, and a draft's added pictures, follow in the order they were added (arranged once
    // they are the record's own)
    const arrangement = gallery.flatMap((item) => {
      const src = item.id === undefined ? undefined : (item.path ?? item.src);
      return src
        ? [{ src, alt_uz: item.alt_uz ?? '', alt_ru: item.alt_ru ?? '', alt_en: item.alt_en ?? '' }]
        : [];
    });
    form.append('gallery', JSON.stringify(arrangement));
    const kept = new Set(gallery.filter((item) => item.id !== undefined).map((item) => item.id));
    const before = (previous?.[spec.gallery] as ImageValue[] | undefined) ?? [];
    for (const item of before) {
      if (item.id !== undefined && !kept.has(item.id)) {
        form.append('delete_images_array', String(item.id));
      }
    }
  }
  return form;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * A draft's body: the form's fields that differ from the live record, and its pictures as
 * they differ from the live record's (new files, a removed picture, the draft's own), in the
 * multipart body an update takes. The draft replaces what the record's draft held.
 */
export function draftBody(
  resource: string,
  data: Record<string, unknown>,
  live: Record<string, unknown>,
): { json: Record<string, unknown> } | { form: FormData } {
  const spec = multipartFields(resource);
  const changes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    if (READ_ONLY.has(key) || key === spec?.image || key === spec?.gallery) continue;
    if (!same(value, live[key])) changes[key] = value;
  }
  if (!spec) return { json: changes };
  const pictures = Object.fromEntries(
    [spec.image, spec.gallery].flatMap((key) => (key && key in data ? [[key, data[key]]] : [])),
  );
  return { form: toFormData(resource, { ...changes, ...pictures }, live) };
}

/** A JSON body: the record without the fields the API computes. */
function toJson(data: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(data).filter(([key]) => !READ_ONLY.has(key)));
}

function body(resource: string, data: Record<string, unknown>, previous?: Record<string, unknown>) {
  return multipartFields(resource)
    ? { form: toFormData(resource, data, previous) }
    : { json: toJson(data) };
}

const withSingletonId = (data: RaRecord | Record<string, unknown>) => ({
  ...data,
  id: SINGLETON_ID,
});

export const dataProvider: DataProvider = {
  async getList(resource, params) {
    return toListResult(await api<ListReply>(`/${resource}`, { query: listQuery(params) }));
  },

  async getOne(resource, params) {
    if (SINGLETONS.has(resource)) {
      const reply = await api<{ data: RaRecord }>(`/${resource}`);
      return { data: withSingletonId(reply.data) } as never;
    }
    return api(`/${resource}/${encodeURIComponent(params.id)}`);
  },

  async getMany(resource, params) {
    const query = listQuery({
      pagination: { page: 1, perPage: Math.max(params.ids.length, 1) },
      filter: { id: params.ids },
    });
    const reply = await api<ListReply>(`/${resource}`, { query });
    return { data: reply.data } as never;
  },

  async getManyReference(resource, params) {
    const filter = { ...params.filter, [params.target]: params.id };
    return toListResult(
      await api<ListReply>(`/${resource}`, { query: listQuery({ ...params, filter }) }),
    );
  },

  async create(resource, params) {
    return api(`/${resource}`, { method: 'POST', ...body(resource, params.data) });
  },

  async update(resource, params) {
    if ((params.meta as { draft?: boolean } | undefined)?.draft) {
      // Save as draft: the fields that differ from the live record, the live record
      // unchanged in react-admin's cache. The company settings' draft has no id in its address.
      const record = SINGLETONS.has(resource)
        ? `/${resource}`
        : `/${resource}/${encodeURIComponent(params.id)}`;
      await api(`${record}/draft`, {
        method: 'PUT',
        ...draftBody(resource, params.data, params.previousData),
      });
      return { data: params.previousData } as never;
    }
    // the edit screen's Save (EditPage: `meta.spendDraft`) publishes what the form showed, a
    // draft included: the API spends the draft in the same transaction. Other updates (the
    // list's on/off switch) leave a draft alone.
    const spend =
      isDraftable(resource) && (params.meta as { spendDraft?: boolean } | undefined)?.spendDraft;
    if (SINGLETONS.has(resource)) {
      const reply = await api<{ data: RaRecord }>(`/${resource}`, {
        method: 'PUT',
        json: toJson(params.data),
        ...(spend && { query: new URLSearchParams({ draft: 'spend' }) }),
      });
      return { data: withSingletonId(reply.data) } as never;
    }
    const saved = await api(`/${resource}/${encodeURIComponent(params.id)}`, {
      method: 'PUT',
      ...body(resource, params.data, params.previousData),
      ...(spend && { query: new URLSearchParams({ draft: 'spend' }) }),
    });
    return saved as never;
  },

  async updateMany(resource, params) {
    const done = await Promise.all(
      params.ids.map((id) =>
        api<{ data: RaRecord }>(`/${resource}/${encodeURIComponent(id)}`, {
          method: 'PUT',
          ...body(resource, params.data),
        }),
      ),
    );
    return { data: done.map((reply) => reply.data.id) };
  },

  async delete(resource, params) {
    const reply = await api<{ data: Identifier }>(`/${resource}/${encodeURIComponent(params.id)}`, {
      method: 'DELETE',
    });
    // The API answers with the deleted id; react-admin wants the record.
    return { data: { ...(params.previousData ?? {}), id: reply.data } } as never;
  },

  async deleteMany(resource, params) {
    const done = await Promise.all(
      params.ids.map((id) =>
        api<{ data: Identifier }>(`/${resource}/${encodeURIComponent(id)}`, { method: 'DELETE' }),
      ),
    );
    return { data: done.map((reply) => reply.data) };
  },
};
