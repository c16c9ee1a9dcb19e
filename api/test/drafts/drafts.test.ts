import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '../../src/config.ts';
import { signPreviewLink } from '../../src/drafts/preview.ts';
import { readSiteData } from '../../src/publish/siteData.ts';
import { siteBuilder } from '../../src/publish/siteBuilder.ts';
import { ADMIN, startApi, type TestApi } from '../helpers/api.ts';
import { skipReason } from '../helpers/database.ts';
import { jpeg } from '../helpers/images.ts';

// Drafts and preview: changes saved without going live, published through the one
// update path or discarded, and previewed as the site's real page for staff, under a signed link.
describe.skipIf(skipReason)('drafts', () => {
  let api: TestApi;
  let token: string;
  let categoryId: number;

  beforeAll(async () => {
    api = await startApi();
    token = await api.signIn();
    categoryId = (
      await api.request('POST', '/api/categories', { token, json: { name_ru: 'Ленточные' } })
    ).body.data.id;
    // a save records its rebuild just after it answers (content events): let that one land
    await vi.waitFor(async () => expect(await queuedRebuilds()).toBe(1));
  });
  afterAll(() => api?.close());

  const product = async (fields: Record<string, unknown> = {}) =>
    (
      await api.request('POST', '/api/products', {
        token,
        json: { name_ru: 'ЛК-400', name_en: 'LK-400', category_id: categoryId, ...fields },
      })
    ).body.data as { id: number };
  const queuedRebuilds = async () =>
    (await api.app.db.kysely.selectFrom('publish_builds').select('requests').execute()).reduce(
      (sum, row) => sum + row.requests,
      0,
    );

  it('keeps the live record as it is until the draft is published', async () => {
    const before = await queuedRebuilds();
    const { id } = await product();
    await expect.poll(queuedRebuilds).toBe(before + 1);
    const rebuilds = before + 1;
    const saved = await api.request('PUT', `/api/products/${id}/draft`, {
      token,
      json: { name_en: 'LK-500 draft', description_en: 'Faster' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({
      resource: 'products',
      record_id: id,
      data: { name_en: 'LK-500 draft', description_en: 'Faster' },
      user_name: 'admin',
    });
    // the public and the site see the live record; nothing to rebuild
    expect((await api.request('GET', `/api/products/${id}`)).body.data.name_en).toBe('LK-400');
    expect(await queuedRebuilds()).toBe(rebuilds);
    // a second save replaces the draft's fields
    await api.request('PUT', `/api/products/${id}/draft`, { token, json: { name_en: 'LK-600' } });
    const draft = (await api.request('GET', `/api/products/${id}/draft`, { token })).body.data;
    expect(draft.data).toEqual({ name_en: 'LK-600' });
    const listed = (await api.request('GET', '/api/products/drafts', { token })).body.data;
    expect(listed.map((row: { record_id: number }) => row.record_id)).toContain(id);

    const published = await api.request('POST', `/api/products/${id}/draft/publish`, { token });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect(published.body.data.name_en).toBe('LK-600');
    expect((await api.request('GET', `/api/products/${id}`)).body.data.name_en).toBe('LK-600');
    expect((await api.request('GET', `/api/products/${id}/draft`, { token })).body.data).toBeNull();
    await expect.poll(queuedRebuilds).toBe(rebuilds + 1);
    // published as any save is: a revision naming the field, by its publisher
    const revisions = (await api.request('GET', `/api/products/${id}/revisions`, { token })).body
      .data;
    expect(revisions[0]).toMatchObject({
      action: 'update',
      fields: ['name_en'],
      user_name: 'admin',
    });
  });

  it('discards a draft, leaving the record as it was', async () => {
    const { id } = await product();
    await api.request('PUT', `/api/products/${id}/draft`, { token, json: { name_ru: 'Черновик' } });
    const discarded = await api.request('DELETE', `/api/products/${id}/draft`, { token });
    expect(discarded.status).toBe(200);
    expect((await api.request('GET', `/api/products/${id}`)).body.data.name_ru).toBe('ЛК-400');
    const again = await api.request('DELETE', `/api/products/${id}/draft`, { token });
    expect(again.status).toBe(404);
    expect(again.body.code).toBe('drafts.none');
    const publish = await api.request('POST', `/api/products/${id}/draft/publish`, { token });
    expect(publish.body.code).toBe('drafts.none');
  });

  it('refuses a draft the record could not become, and keeps the old draft', async () => {
    const { id } = await product();
    await api.request('PUT', `/api/products/${id}/draft`, { token, json: { name_uz: 'Yaxshi' } });
    const missing = await api.request('PUT', `/api/products/${id}/draft`, {
      token,
      json: { category_id: 999_999 },
    });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 'referenceMissing', field: 'category_id' });
    const nameless = await api.request('PUT', `/api/products/${id}/draft`, {
      token,
      json: { name_ru: '', name_uz: '', name_en: '' },
    });
    expect(nameless.body.code).toBe('oneLanguage');
    // a picture that is not the product's, nor the draft's
    const foreign = await api.request('PUT', `/api/products/${id}/draft`, {
      token,
      json: { delete_images_array: [999_999] },
    });
    expect(foreign.body).toMatchObject({ field: 'delete_images_array' });
    const stolen = await api.request('PUT', `/api/products/${id}/draft`, {
      token,
      json: { image: 'products/someone-elses.jpg' },
    });
    expect(stolen.body).toMatchObject({ code: 'drafts.unknownPicture', field: 'image' });
    const draft = (await api.request('GET', `/api/products/${id}/draft`, { token })).body.data;
    expect(draft.data).toEqual({ name_uz: 'Yaxshi' });
    const unknown = await api.request('PUT', `/api/products/999999/draft`, { token, json: {} });
    expect(unknown.status).toBe(404);
  });

  describe('pictures', () => {
    const stored = (path: string) => existsSync(join(api.dataDir, 'uploads', path));
    const picture = async (name: string) =>
      new File([new Uint8Array(await jpeg(320, 240))], name, { type: 'image/jpeg' });
    const detail = async (id: number) =>
      (await api.request('GET', `/api/products/${id}`, { token })).body.data as {
        image: string | null;
        images: { id: number; src: string }[];
      };
    const withPictures = async () => {
      const form = new FormData();
      form.append('name_ru', 'С картинками');
      form.append('category_id', String(categoryId));
      form.append('image', await picture('main.jpg'));
      form.append('images', await picture('one.jpg'));
      form.append('images', await picture('two.jpg'));
      const created = await api.request('POST', '/api/products', { token, form });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      return created.body.data as { id: number };
    };
    const draftOf = async (id: number) =>
      (await api.request('GET', `/api/products/${id}/draft`, { token })).body.data as {
        data: Record<string, unknown>;
      } | null;

    it('keeps new and removed pictures out of the live record until it is published', async () => {
      const { id } = await withPictures();
      const live = await detail(id);
      const form = new FormData();
      form.append('name_en', 'Pictured');
      form.append('image', await picture('new-main.jpg'));
      form.append('images', await picture('three.jpg'));
      form.append('delete_images_array', String(live.images[0]!.id));
      const saved = await api.request('PUT', `/api/products/${id}/draft`, { token, form });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      const data = saved.body.data.data as Record<string, unknown>;
      expect(data).toMatchObject({
        name_en: 'Pictured',
        delete_images_array: [live.images[0]!.id],
      });
      const newMain = data.image as string;
      const [added] = data.images_added as string[];
      expect(newMain).toMatch(/^products\//);
      expect(newMain).not.toBe(live.image);
      expect(stored(newMain) && stored(added!)).toBe(true);
      // the live record and what anonymous readers see: unchanged
      expect(await detail(id)).toEqual(live);
      const anonymous = (await api.request('GET', `/api/products/${id}`)).body.data;
      expect(anonymous.image).toBe(live.image);
      // the orphan sweep leaves a draft's files alone
      const { sweepOrphans } = await import('../../src/storage/sweep.ts');
      const swept = await sweepOrphans(api.app.db.kysely, api.app.images.storage, 0);
      expect(swept).not.toContain(newMain);
      expect(swept).not.toContain(added);
      expect(stored(newMain)).toBe(true);

      // saved again: keeps what it names, and the rest of the old draft's files go
      const again = new FormData();
      again.append('name_en', 'Pictured again');
      again.append('image', newMain);
      again.append('images', await picture('four.jpg'));
      const resaved = await api.request('PUT', `/api/products/${id}/draft`, {
        token,
        form: again,
      });
      expect(resaved.status, JSON.stringify(resaved.body)).toBe(200);
      const second = resaved.body.data.data as Record<string, unknown>;
      expect(second.image).toBe(newMain);
      expect(second.images_added).toHaveLength(1);
      expect(second.images_added).not.toContain(added);
      expect(second).not.toHaveProperty('delete_images_array');
      expect(stored(added!)).toBe(false);
      const fourth = (second.images_added as string[])[0]!;

      const published = await api.request('POST', `/api/products/${id}/draft/publish`, { token });
      expect(published.status, JSON.stringify(published.body)).toBe(200);
      const after = await detail(id);
      expect(after.image).toBe(newMain);
      expect(after.images.map((image) => image.src)).toEqual([
        ...live.images.map((image) => image.src),
        fourth,
      ]);
      // the replaced picture stays: the revision before the publish shows it
      expect(stored(live.image!)).toBe(true);
      const revisions = (await api.request('GET', `/api/products/${id}/revisions`, { token })).body
        .data;
      expect(revisions[0].fields).toEqual(expect.arrayContaining(['name_en', 'image', 'images']));
    });

    it("goes with a discarded draft, and can remove the picture or the gallery's own", async () => {
      const { id } = await withPictures();
      const live = await detail(id);
      const form = new FormData();
      form.append('image', await picture('replaced.jpg'));
      form.append('images', await picture('extra.jpg'));
      const saved = await api.request('PUT', `/api/products/${id}/draft`, { token, form });
      const data = saved.body.data.data as { image: string; images_added: string[] };
      const discarded = await api.request('DELETE', `/api/products/${id}/draft`, { token });
      expect(discarded.status).toBe(200);
      expect(stored(data.image)).toBe(false);
      expect(stored(data.images_added[0]!)).toBe(false);
      expect(await detail(id)).toEqual(live);

      // a draft without the picture, and without one of the gallery's: JSON does
      const removing = await api.request('PUT', `/api/products/${id}/draft`, {
        token,
        json: { image: null, delete_images_array: [live.images[1]!.id] },
      });
      expect(removing.status, JSON.stringify(removing.body)).toBe(200);
      expect(removing.body.data.data).toEqual({
        image: null,
        delete_images_array: [live.images[1]!.id],
      });
      expect(await detail(id)).toEqual(live);
      await api.request('POST', `/api/products/${id}/draft/publish`, { token });
      const after = await detail(id);
      expect(after.image).toBeNull();
      expect(after.images.map((image) => image.id)).toEqual([live.images[0]!.id]);
    });

    it('refuses a gallery past eight and keeps the draft as it was', async () => {
      const { id } = await withPictures();
      await api.request('PUT', `/api/products/${id}/draft`, { token, json: { name_uz: 'Bor' } });
      const form = new FormData();
      for (let i = 0; i < 7; i++) form.append('images', await picture(`many-${i}.jpg`));
      const refused = await api.request('PUT', `/api/products/${id}/draft`, { token, form });
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('images.tooMany');
      expect((await draftOf(id))?.data).toEqual({ name_uz: 'Bor' });
      // nothing of the refused save stays on disk
      const files = await api.app.db.kysely.selectFrom('draft_files').selectAll().execute();
      for (const row of files) expect(stored(row.path)).toBe(true);
      const { sweepOrphans } = await import('../../src/storage/sweep.ts');
      expect(await sweepOrphans(api.app.db.kysely, api.app.images.storage, 0)).toEqual([]);
    });

    it("go live with the edit screen's Save, those the form kept", async () => {
      const { id } = await withPictures();
      const live = await detail(id);
      const form = new FormData();
      form.append('image', await picture('drafted-main.jpg'));
      form.append('images', await picture('kept.jpg'));
      form.append('images', await picture('dropped.jpg'));
      const data = (await api.request('PUT', `/api/products/${id}/draft`, { token, form })).body
        .data.data as { image: string; images_added: string[] };
      const [kept, dropped] = data.images_added as [string, string];
      const save = new FormData();
      save.append('name_en', 'Saved with pictures');
      save.append('image', data.image);
      save.append('draft_images', kept);
      save.append('delete_images_array', String(live.images[0]!.id));
      const saved = await api.request('PUT', `/api/products/${id}?draft=spend`, {
        token,
        form: save,
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      const after = await detail(id);
      expect(after.image).toBe(data.image);
      expect(after.images.map((image) => image.src)).toEqual([live.images[1]!.src, kept]);
      expect(await draftOf(id)).toBeNull();
      expect(stored(dropped)).toBe(false);
      expect(stored(kept)).toBe(true);
      // a path that is not the draft's does not become the record's picture
      const other = await api.request('PUT', `/api/products/${id}/draft`, { token, json: {} });
      expect(other.status).toBe(200);
      const stolen = new FormData();
      stolen.append('draft_images', live.images[1]!.src);
      const refused = await api.request('PUT', `/api/products/${id}?draft=spend`, {
        token,
        form: stolen,
      });
      expect(refused.body).toMatchObject({ code: 'drafts.unknownPicture', field: 'draft_images' });
    });

    it('goes with its record when the record is deleted', async () => {
      const { id } = await withPictures();
      const form = new FormData();
      form.append('images', await picture('orphan.jpg'));
      const data = (await api.request('PUT', `/api/products/${id}/draft`, { token, form })).body
        .data.data as { images_added: string[] };
      expect((await api.request('DELETE', `/api/products/${id}`, { token })).status).toBe(200);
      expect(stored(data.images_added[0]!)).toBe(false);
      expect(
        await api.app.db.kysely
          .selectFrom('drafts')
          .selectAll()
          .where('record_id', '=', id)
          .where('resource', '=', 'products')
          .execute(),
      ).toEqual([]);
    });
  });

  it('is spent by a save of the edit screen (?draft=spend), kept by any other update', async () => {
    const { id } = await product();
    const draftOf = async () =>
      (await api.request('GET', `/api/products/${id}/draft`, { token })).body.data;
    await api.request('PUT', `/api/products/${id}/draft`, { token, json: { name_en: 'Drafted' } });
    // the list's on/off switch: the draft stays, a colleague's work is not lost
    const switched = await api.request('PUT', `/api/products/${id}`, {
      token,
      json: { is_active: false },
    });
    expect(switched.status).toBe(200);
    expect((await draftOf())?.data).toEqual({ name_en: 'Drafted' });
    // a save that fails spends nothing
    const failed = await api.request('PUT', `/api/products/${id}?draft=spend`, {
      token,
      json: { name_en: 'Saved', category_id: 999_999 },
    });
    expect(failed.status).toBe(400);
    expect((await draftOf())?.data).toEqual({ name_en: 'Drafted' });
    // the edit screen's Save: the record as the form showed it, and no draft
    const saved = await api.request('PUT', `/api/products/${id}?draft=spend`, {
      token,
      json: { name_en: 'Saved', is_active: true },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({ name_en: 'Saved', is_active: true });
    expect(await draftOf()).toBeNull();
    const event = await api.app.db.kysely
      .selectFrom('audit_log')
      .select('details')
      .where('resource', '=', 'products')
      .where('record_id', '=', id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(String(event.details))).toMatchObject({ draft: true });
    // without a draft, ?draft=spend is a plain save; anything else is refused
    expect(
      (await api.request('PUT', `/api/products/${id}?draft=spend`, { token, json: {} })).status,
    ).toBe(200);
    const wrong = await api.request('PUT', `/api/products/${id}?draft=keep`, { token, json: {} });
    expect(wrong.status).toBe(400);
  });

  it('is published with its record when a scheduled publish time comes', async () => {
    const { id } = await product({ is_active: false });
    await api.request('PUT', `/api/products/${id}/draft`, { token, json: { name_en: 'Launch' } });
    // a publish time of now: due at once
    const scheduled = await api.request('PUT', `/api/products/${id}/schedule`, {
      token,
      json: { publish_at: new Date().toISOString() },
    });
    expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(200);
    await expect
      .poll(async () => (await api.request('GET', `/api/products/${id}`)).body.data, {
        timeout: 10_000,
      })
      .toMatchObject({ name_en: 'Launch', is_active: true });
    expect((await api.request('GET', `/api/products/${id}/draft`, { token })).body.data).toBeNull();
  });

  it(
    'previews a hidden record with its draft as the real page, to staff with a signed link',
    { timeout: 180_000 },
    async () => {
      const { id } = await product({ is_active: false, name_ru: 'Скрытый' });
      // the draft's new picture, too
      const form = new FormData();
      form.append('name_ru', 'Черновик товара');
      form.append('name_en', 'Draft product');
      form.append(
        'image',
        new File([new Uint8Array(await jpeg())], 'p.jpg', { type: 'image/jpeg' }),
      );
      const drafted = await api.request('PUT', `/api/products/${id}/draft`, { token, form });
      expect(drafted.status, JSON.stringify(drafted.body)).toBe(200);
      const picture = /([^/]+)\.jpg$/.exec(String(drafted.body.data.data.image))![1]!;
      // built while a release of the site builds beside it: two Astro builds at once
      const siteRoot = await mkdtemp(join(tmpdir(), 'conveyor-drafts-site-'));
      const release = siteBuilder({
        siteRoot,
        command: api.config.publish.command,
        cwd: REPO_ROOT,
        env: () => ({ API_URL: api.url, ASTRO_TELEMETRY_DISABLED: '1' }),
        keepReleases: 1,
        data: () => readSiteData(api.app.db),
      })();
      const reply = await api.request('POST', `/api/products/${id}/preview`, { token, json: {} });
      expect((await release).pages).toBeGreaterThan(0);
      await rm(siteRoot, { recursive: true, force: true });
      expect(reply.status, `${JSON.stringify(reply.body)}\n${api.logs.slice(-3).join('\n')}`).toBe(
        200,
      );
      const { pages, expires_at: expires } = reply.body.data;
      expect(Date.parse(expires) - Date.now()).toBeGreaterThan(23 * 3600_000);
      expect(pages.en).toMatch(
        new RegExp(`^/preview/[^/]+/en/catalog/${categoryId}/products/${id}/$`),
      );
      // signed-in staff with the link see the page in each language, never cached or indexed
      const signedIn = await fetch(`${api.url}/api/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...ADMIN, session: 'cookie' }),
      });
      const previewCookie = signedIn.headers
        .getSetCookie()
        .find((cookie) => cookie.startsWith('conveyor_preview='));
      expect(previewCookie).toMatch(/Path=\/preview;.*HttpOnly/i);
      const headers = { cookie: previewCookie!.split(';')[0]! };
      for (const [lang, text] of [
        ['ru', 'Черновик товара'],
        ['en', 'Draft product'],
      ] as const) {
        const page = await fetch(api.url + pages[lang], { headers });
        expect(page.status).toBe(200);
        expect(page.headers.get('cache-control')).toBe('private, no-store');
        expect(page.headers.get('x-robots-tag')).toMatch(/noindex/);
        const html = await page.text();
        expect(html).toContain(text);
        expect(html).toMatch(new RegExp(`/preview/[^"]+/_astro/${picture}[^"]*\\.(webp|avif)`));
        // its styles load from the preview too
        const style = /href="(\/preview\/[^"]+\.css)"/.exec(html)?.[1];
        expect(style).toBeDefined();
        expect((await fetch(api.url + style, { headers })).status).toBe(200);
      }
      // not to anyone else who has the link, nor after signing out
      const anonymous = await fetch(api.url + pages.en);
      expect(anonymous.status).toBe(401);
      expect(await anonymous.text()).not.toContain('Draft product');
      const signedOut = await fetch(`${api.url}/api/signout`, {
        method: 'POST',
        headers: {
          cookie: headers.cookie.replace('conveyor_preview', 'conveyor_session'),
          'x-conveyor-csrf': '1',
        },
      });
      expect(signedOut.status).toBe(200);
      expect(signedOut.headers.getSetCookie().join()).toMatch(/conveyor_preview=;/);
      expect((await fetch(api.url + pages.en, { headers })).status).toBe(401);
      // the record itself is still hidden and unchanged
      expect((await api.request('GET', `/api/products/${id}`)).status).toBe(404);
      // a made-up or altered link shows nothing; an expired one says so
      const link = /^\/preview\/([^/]+)\//.exec(pages.ru)![1]!;
      const forged = `${link.slice(0, -4)}AAAA`;
      expect((await fetch(`${api.url}/preview/${forged}/`, { headers })).status).toBe(404);
      const expired = await signPreviewLink(api.app, Date.now() - 1000);
      expect((await fetch(`${api.url}/preview/${expired}/`, { headers })).status).toBe(410);
      // no one signed in may build one; nor sales, who do not change content
      expect((await api.request('POST', `/api/products/${id}/preview`, { json: {} })).status).toBe(
        401,
      );
      await api.request('POST', '/api/users', {
        token,
        json: {
          user_name: 'preview-sales',
          password: ADMIN.password,
          email: 'preview-sales@example.uz',
          role: 'sales',
        },
      });
      const sales = await api.signIn('preview-sales', ADMIN.password);
      const refused = await api.request('POST', `/api/products/${id}/preview`, {
        token: sales,
        json: {},
      });
      expect(refused.status).toBe(403);
    },
  );

  describe('company settings', () => {
    const settings = async () => (await api.request('GET', '/api/settings')).body.data;
    const draftOf = async () =>
      (await api.request('GET', '/api/settings/draft', { token })).body.data;

    it('keeps the live company data until the draft is published, or discards it', async () => {
      const live = await settings();
      const saved = await api.request('PUT', '/api/settings/draft', {
        token,
        json: { phone_primary: '+998 71 200 00 01', address_en: 'Drafted street 1' },
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body.data).toMatchObject({
        resource: 'settings',
        data: { phone_primary: '+998 71 200 00 01', address_en: 'Drafted street 1' },
      });
      expect(await settings()).toEqual(live);
      // checked as a save is: a bad address is refused, the draft stays as it was
      const bad = await api.request('PUT', '/api/settings/draft', {
        token,
        json: { email: 'not an address' },
      });
      expect(bad.status).toBe(400);
      expect((await draftOf()).data).toMatchObject({ address_en: 'Drafted street 1' });
      // never to anyone signed out
      expect((await api.request('GET', '/api/settings/draft')).status).toBe(401);

      const published = await api.request('POST', '/api/settings/draft/publish', { token });
      expect(published.status, JSON.stringify(published.body)).toBe(200);
      expect(await settings()).toMatchObject({
        phone_primary: '+998 71 200 00 01',
        address_en: 'Drafted street 1',
        email: live.email,
      });
      expect(await draftOf()).toBeNull();
      const revisions = (await api.request('GET', '/api/settings/revisions', { token })).body.data;
      expect(revisions[0]).toMatchObject({ action: 'update', user_name: 'admin' });
      expect(revisions[0].fields).toEqual(expect.arrayContaining(['phone_primary', 'address_en']));
      expect((await api.request('POST', '/api/settings/draft/publish', { token })).body.code).toBe(
        'drafts.none',
      );

      await api.request('PUT', '/api/settings/draft', { token, json: { legal_name: 'Never' } });
      expect((await api.request('DELETE', '/api/settings/draft', { token })).status).toBe(200);
      expect((await settings()).legal_name).not.toBe('Never');
      expect((await api.request('DELETE', '/api/settings/draft', { token })).status).toBe(404);
    });

    it("is spent by the edit screen's Save, kept by a plain save", async () => {
      await api.request('PUT', '/api/settings/draft', { token, json: { legal_name: 'Drafted' } });
      const plain = await api.request('PUT', '/api/settings', {
        token,
        json: { developer_name: 'Plain' },
      });
      expect(plain.status).toBe(200);
      expect((await draftOf()).data).toEqual({ legal_name: 'Drafted' });
      const saved = await api.request('PUT', '/api/settings?draft=spend', {
        token,
        json: { legal_name: 'Saved' },
      });
      expect(saved.status).toBe(200);
      expect((await settings()).legal_name).toBe('Saved');
      expect(await draftOf()).toBeNull();
    });

    it(
      'previews the contacts page with the draft, to signed-in staff',
      { timeout: 180_000 },
      async () => {
        await api.request('PUT', '/api/settings/draft', {
          token,
          json: { address_en: 'Preview avenue 7', address_ru: 'Проспект предпросмотра 7' },
        });
        const reply = await api.request('POST', '/api/settings/preview', { token, json: {} });
        expect(reply.status, JSON.stringify(reply.body)).toBe(200);
        const { pages } = reply.body.data;
        expect(pages.en).toMatch(/^\/preview\/[^/]+\/en\/contacts\/$/);
        const signedIn = await fetch(`${api.url}/api/signin`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ ...ADMIN, session: 'cookie' }),
        });
        const cookie = signedIn.headers
          .getSetCookie()
          .find((each) => each.startsWith('conveyor_preview='))!
          .split(';')[0]!;
        for (const [lang, text] of [
          ['en', 'Preview avenue 7'],
          ['ru', 'Проспект предпросмотра 7'],
        ] as const) {
          const page = await fetch(api.url + pages[lang], { headers: { cookie } });
          expect(page.status).toBe(200);
          expect(await page.text()).toContain(text);
        }
        expect((await fetch(api.url + pages.en)).status).toBe(401);
        // the live data is as it was
        expect((await settings()).address_en).not.toBe('Preview avenue 7');
        await api.request('DELETE', '/api/settings/draft', { token });
      },
    );
  });

  it('gives a browser signed in before previews had a cookie its preview cookie', async () => {
    const signedIn = await fetch(`${api.url}/api/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...ADMIN, session: 'cookie' }),
    });
    const cookies = signedIn.headers.getSetCookie().map((cookie) => cookie.split(';')[0]!);
    const session = cookies.find((cookie) => cookie.startsWith('conveyor_session='))!;
    const token = session.slice('conveyor_session='.length);
    // a back-office call for a preview (here of no record: the cookie comes before the build)
    const ask = (cookie: string) =>
      fetch(`${api.url}/api/products/999999/preview`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json', 'x-conveyor-csrf': '1' },
        body: '{}',
      });
    const previewCookies = (reply: Response) =>
      reply.headers.getSetCookie().filter((cookie) => cookie.startsWith('conveyor_preview='));
    // with the session cookie only, as such a browser has it: the preview cookie is given
    const without = await ask(session);
    expect(without.status).toBe(404);
    const [given] = previewCookies(without);
    expect(given).toMatch(/Path=\/preview;.*HttpOnly/i);
    expect(given!.split(';')[0]).toBe(`conveyor_preview=${token}`);
    // a browser that has it is given nothing again; a bearer token's caller gets no cookie
    expect(previewCookies(await ask(`${session}; conveyor_preview=${token}`))).toEqual([]);
    const bearer = await api.request('POST', '/api/products/999999/preview', {
      token: await api.signIn(),
      json: {},
    });
    expect(bearer.status).toBe(404);
    expect(bearer.headers.getSetCookie()).toEqual([]);
  });

  it('says so when a preview cannot be built', async () => {
    const broken = await startApi({ PUBLISH_BUILD_COMMAND: 'echo "the build broke" >&2; exit 3' });
    try {
      const staff = await broken.signIn();
      const category = (
        await broken.request('POST', '/api/categories', { token: staff, json: { name_ru: 'К' } })
      ).body.data.id;
      const { id } = (
        await broken.request('POST', '/api/products', {
          token: staff,
          json: { name_ru: 'П', category_id: category },
        })
      ).body.data;
      const reply = await broken.request('POST', `/api/products/${id}/preview`, {
        token: staff,
        json: {},
      });
      expect(reply.status).toBe(502);
      expect(reply.body.code).toBe('drafts.previewFailed');
    } finally {
      await broken.close();
    }
  });
});
