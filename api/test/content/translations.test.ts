import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApi, startApi } from '../helpers/api.ts';
import { skipReason } from '../helpers/database.ts';

// Incomplete translations (the editors' dashboard): per content resource, the records
// whose name or description is empty in uz, ru or en, counted for the roles that translate.

const PASSWORD = 'translate-password-1';

describe.skipIf(skipReason)('incomplete translations', () => {
  let api: TestApi;
  let admin: string;
  const tokens = { editor: '', sales: '' };

  const counts = async (token: string) => {
    const reply = await api.request('GET', '/api/translations/incomplete', { token });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return Object.fromEntries(
      (reply.body.data as { resource: string; incomplete: number; total: number }[]).map(
        ({ resource, incomplete, total }) => [resource, { incomplete, total }],
      ),
    );
  };
  const create = async (resource: string, json: object) => {
    const reply = await api.request('POST', `/api/${resource}`, { token: admin, json });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    return reply.body.data.id as number;
  };
  const all = (prefix: string, text: string) => ({
    [`${prefix}_uz`]: `${text} uz`,
    [`${prefix}_ru`]: `${text} ru`,
    [`${prefix}_en`]: `${text} en`,
  });

  beforeAll(async () => {
    api = await startApi({ SEED_DEMO: false });
    admin = await api.signIn();
    for (const role of ['editor', 'sales'] as const) {
      const made = await api.request('POST', '/api/users', {
        token: admin,
        json: { user_name: `tr-${role}`, password: PASSWORD, email: `tr-${role}@ex.uz`, role },
      });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      tokens[role] = await api.signIn(`tr-${role}`, PASSWORD);
    }
  });
  afterAll(async () => {
    await api?.close();
  });

  it('counts the records with a name or description empty in a language', async () => {
    const before = await counts(admin);
    // complete in every language: not counted
    const category = await create('categories', {
      ...all('name', 'Ленточные'),
      ...all('description', 'Описание'),
    });
    // the English description missing; a description of blanks is empty too
    await create('products', {
      ...all('name', 'Конвейер'),
      ...all('description', 'Описание'),
      description_en: '   ',
      category_id: category,
    });
    // the Uzbek name missing
    await create('products', {
      name_ru: 'Только по-русски',
      name_en: 'Russian and English',
      ...all('description', 'Описание'),
      category_id: category,
    });
    const complete = await create('products', {
      ...all('name', 'Полный'),
      ...all('description', 'Описание'),
      category_id: category,
    });
    // a testimonial's description is its message
    await create('testimonials', { ...all('name', 'Aziz'), message_ru: 'Спасибо' });

    const after = await counts(admin);
    expect(after.categories!.total - before.categories!.total).toBe(1);
    expect(after.categories!.incomplete - before.categories!.incomplete).toBe(0);
    expect(after.products!.total - before.products!.total).toBe(3);
    expect(after.products!.incomplete - before.products!.incomplete).toBe(2);
    expect(after.testimonials!.incomplete - before.testimonials!.incomplete).toBe(1);

    // translating the last language takes the record off the count
    const translated = await api.request('PUT', `/api/products/${complete}`, {
      token: admin,
      json: { description_en: '' },
    });
    expect(translated.status, JSON.stringify(translated.body)).toBe(200);
    expect((await counts(admin)).products!.incomplete - before.products!.incomplete).toBe(3);
  });

  it('answers editors and admins for every content resource, and refuses sales', async () => {
    const resources = ['categories', 'products', 'media', 'project', 'testimonials'];
    expect(Object.keys(await counts(tokens.editor)).sort()).toEqual([...resources].sort());
    expect(Object.keys(await counts(admin)).sort()).toEqual([...resources].sort());
    const refused = await api.request('GET', '/api/translations/incomplete', {
      token: tokens.sales,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('forbidden');
    const anonymous = await api.request('GET', '/api/translations/incomplete');
    expect(anonymous.status).toBe(401);
  });

  it('marks the other languages outdated when a text changes, until they are saved or marked current', async () => {
    const category = await create('categories', { ...all('name', 'Роликовые') });
    const product = await create('products', {
      ...all('name', 'РК-1'),
      description_ru: 'Описание',
      category_id: category,
    });
    const outdated = async (token = admin) => {
      const reply = await api.request(
        'GET',
        `/api/translations/outdated?resource=products&id=${product}`,
        { token },
      );
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      return (reply.body.data as { field: string; language: string }[])
        .map(({ field, language }) => `${field}_${language}`)
        .sort();
    };
    expect(await outdated()).toEqual([]);
    // the Russian name changes: the Uzbek and English names are outdated; the description,
    // whose other languages are empty (missing, not outdated), marks nothing
    const save = (json: object, token = admin) =>
      api.request('PUT', `/api/products/${product}`, { token, json });
    expect((await save({ name_ru: 'РК-1М', description_ru: 'Новое описание' })).status).toBe(200);
    expect(await outdated()).toEqual(['name_en', 'name_uz']);
    // a save that leaves the names alone changes nothing; the Uzbek name saved is current
    await save({ name_ru: 'РК-1М ' });
    expect(await outdated()).toEqual(['name_en', 'name_uz']);
    // translating the Uzbek one catches up: it is current, and outdates nothing
    await save({ name_uz: 'RK-1M' }, tokens.editor);
    expect(await outdated()).toEqual(['name_en']);
    // filling in the empty English description outdates nothing either
    await save({ description_en: 'New description' });
    expect(await outdated()).toEqual(['name_en']);

    // the Translations screen lists it, with what is missing, by language
    const gaps = async (query: string) => {
      const reply = await api.request('GET', `/api/translations/gaps?resource=products${query}`, {
        token: tokens.editor,
      });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      return (reply.body.data as { record_id: number }[]).filter(
        (gap) => gap.record_id === product,
      );
    };
    expect(await gaps('')).toEqual([
      expect.objectContaining({
        field: 'description',
        language: 'uz',
        state: 'missing',
        label: 'РК-1М',
        since: null,
      }),
      expect.objectContaining({
        field: 'name',
        language: 'en',
        state: 'outdated',
        since: expect.any(String),
      }),
    ]);
    expect(await gaps('&language=en')).toEqual([
      expect.objectContaining({ field: 'name', language: 'en', state: 'outdated' }),
    ]);

    // marked current by its translator
    const current = (token: string) =>
      api.request('POST', '/api/translations/current', {
        token,
        json: { resource: 'products', record_id: product, field: 'name', language: 'en' },
      });
    expect((await current(tokens.sales)).status).toBe(403);
    expect((await current(tokens.editor)).status).toBe(200);
    expect(await outdated()).toEqual([]);
    expect((await current(tokens.editor)).status).toBe(404);
    expect((await api.request('GET', '/api/translations/gaps')).status).toBe(401);
  });
});
