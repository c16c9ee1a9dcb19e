import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApi, startApi } from '../helpers/api.ts';
import { skipReason } from '../helpers/database.ts';

// The specifications' dictionary: typed attributes with units and labels in every language,
// an enum's options kept with the attribute (as JSON text in the table, a list in the API).
// Runs on SQLite and PostgreSQL.

describe.skipIf(skipReason)('attributes', () => {
  let api: TestApi;
  let token: string;

  beforeAll(async () => {
    api = await startApi();
    token = await api.signIn();
  });
  afterAll(() => api?.close());

  const create = (json: Record<string, unknown>) =>
    api.request('POST', '/api/attributes', { token, json });

  it('keeps a figure with its unit, labels and decimals, and a choice with its options', async () => {
    const width = await create({
      code: 'belt_width',
      type: 'number',
      unit: 'MMT',
      name_ru: 'Ширина ленты',
      unit_ru: 'мм',
      unit_en: 'mm',
      decimals: 0,
      filterable: true,
    });
    expect(width.status).toBe(201);
    expect(width.body.data).toMatchObject({
      code: 'belt_width',
      type: 'number',
      unit: 'MMT',
      unit_ru: 'мм',
      filterable: true,
      comparable: true,
      quote: false,
      options: [],
      is_active: true,
    });

    const options = [
      { code: 'steel', name_ru: 'Сталь', name_uz: "Po'lat", name_en: 'Steel' },
      { code: 'aluminium', name_en: 'Aluminium' },
    ];
    const frame = await create({ code: 'frame', type: 'enum', name_en: 'Frame', options });
    expect(frame.status).toBe(201);
    const id = frame.body.data.id;
    // read back as a list, from the list and the record, anonymously too
    const one = await api.request('GET', `/api/attributes/${id}`);
    expect(one.status).toBe(200);
    expect(one.body.data.options).toEqual(options);
    const list = await api.request('GET', '/api/attributes?type=enum');
    expect(list.body.data.map((a: { code: string }) => a.code)).toEqual(['frame']);
    expect(list.body.data[0].options).toEqual(options);

    // an update of the options replaces them; one of another field keeps them
    const renamed = await api.request('PUT', `/api/attributes/${id}`, {
      token,
      json: { options: [options[0]] },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data.options).toEqual([options[0]]);
    const relabelled = await api.request('PUT', `/api/attributes/${id}`, {
      token,
      json: { name_ru: 'Рама' },
    });
    expect(relabelled.body.data).toMatchObject({ name_ru: 'Рама', options: [options[0]] });
  });

  it('refuses fields that do not suit the type, naming them, and writes nothing', async () => {
    const before = (await api.request('GET', '/api/attributes', { token })).body.total;
    const cases: [Record<string, unknown>, string][] = [
      [{ code: 'a_choice', type: 'enum', name_en: 'Choice' }, 'options'],
      [{ code: 'a_number', type: 'number', name_en: 'N', options: [{ code: 'x' }] }, 'options'],
      [
        {
          code: 'twice',
          type: 'enum',
          name_en: 'Twice',
          options: [{ code: 'x' }, { code: 'x' }],
        },
        'options',
      ],
      [{ code: 'flag', type: 'boolean', name_en: 'Flag', unit: 'MMT' }, 'unit'],
      [{ code: 'Bad-Code', type: 'number', name_en: 'Bad' }, 'code'],
      [{ code: 'unit_case', type: 'number', name_en: 'U', unit: 'mm' }, 'unit'],
      // a symbol is not a code: °C is CEL
      [{ code: 'celsius', type: 'number', name_en: 'T', unit: '°C' }, 'unit'],
      [{ code: 'kind', type: 'colour', name_en: 'Kind' }, 'type'],
      [{ code: 'many', type: 'number', name_en: 'Many', decimals: 7 }, 'decimals'],
      [{ code: 'nameless', type: 'text' }, 'name'],
    ];
    for (const [json, field] of cases) {
      const reply = await create(json);
      expect(reply.status, JSON.stringify(json)).toBe(400);
      expect(reply.body.field, JSON.stringify(json)).toBe(field);
    }
    expect((await api.request('GET', '/api/attributes', { token })).body.total).toBe(before);
  });

  it('turning a choice into a number needs its options gone, in the same change', async () => {
    const made = await create({
      code: 'finish',
      type: 'enum',
      name_en: 'Finish',
      options: [{ code: 'matt' }],
    });
    const path = `/api/attributes/${made.body.data.id}`;
    const kept = await api.request('PUT', path, { token, json: { type: 'number' } });
    expect(kept.status).toBe(400);
    expect(kept.body.field).toBe('options');
    const changed = await api.request('PUT', path, {
      token,
      json: { type: 'number', options: [], unit: 'MMT' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ type: 'number', options: [], unit: 'MMT' });
  });

  it('takes a code once', async () => {
    expect((await create({ code: 'speed', type: 'range', name_en: 'Speed' })).status).toBe(201);
    const again = await create({ code: 'speed', type: 'number', name_en: 'Speed again' });
    expect(again.status).toBe(409);
  });

  it('shows anonymous readers only active attributes, and only staff may write', async () => {
    const hidden = await create({ code: 'internal', type: 'text', name_en: 'Internal' });
    await api.request('PUT', `/api/attributes/${hidden.body.data.id}`, {
      token,
      json: { is_active: false },
    });
    const codes = (await api.request('GET', '/api/attributes?limit=100')).body.data.map(
      (a: { code: string }) => a.code,
    );
    expect(codes).not.toContain('internal');
    expect(codes).toContain('belt_width');
    expect(
      (await api.request('POST', '/api/attributes', { json: { code: 'x', type: 'text' } })).status,
    ).toBe(401);
  });

  it('keeps a revision of each change, options included, and restores it', async () => {
    const made = await create({
      code: 'drive',
      type: 'enum',
      name_en: 'Drive',
      options: [{ code: 'motor' }, { code: 'gravity' }],
    });
    const path = `/api/attributes/${made.body.data.id}`;
    await api.request('PUT', path, { token, json: { options: [{ code: 'motor' }] } });
    const revisions = (await api.request('GET', `${path}/revisions`, { token })).body.data as {
      id: number;
      action: string;
    }[];
    const first = revisions.at(-1)!;
    expect(first.action).toBe('create');
    const restored = await api.request('POST', `${path}/revisions/${first.id}/restore`, {
      token,
    });
    expect(restored.status).toBe(200);
    expect((await api.request('GET', path)).body.data.options).toEqual([
      { code: 'motor' },
      { code: 'gravity' },
    ]);
  });
});
