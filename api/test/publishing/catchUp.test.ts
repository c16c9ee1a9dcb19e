import { mkdtemp, readlink, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CATCH_UP_JOB, catchUp } from '../../src/publish/catchUp.ts';
import { readSiteData } from '../../src/publish/siteData.ts';
import { startApi, type TestApi } from '../helpers/api.ts';
import { createPostgresDatabase, skipReason, TEST_DB } from '../helpers/database.ts';

// Nothing saved stays off the site: a save asks for its rebuild just after its commit, so a
// process that died in between left content the site did not show and no request for it. The
// publisher compares the content with what its newest build was made from, at its start and
// now and then, and catches up; a rollback is not undone by it. The real site is built.
describe.skipIf(skipReason)('catching up with content saved without a rebuild request', () => {
  let dataDir: string;
  let dropDatabase: (() => Promise<void>) | undefined;
  let env: Record<string, string | number | boolean>;
  const running: TestApi[] = [];
  let categoryId: number;
  let productId: number;

  const start = async () => {
    const api = await startApi(env);
    running.push(api);
    return api;
  };
  /** Stops a server, keeping its data for the next one (TestApi.close would remove it). */
  const stop = async (api: TestApi) => {
    running.splice(running.indexOf(api), 1);
    await api.app.close();
  };
  const settle = async (api: TestApi) => {
    await vi.waitFor(
      async () => {
        const [busy] = await api.app.db.kysely
          .selectFrom('publish_builds')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('status', 'in', ['queued', 'running'])
          .execute();
        expect(Number(busy!.n)).toBe(0);
        expect(api.app.publishing!.running).toBe(false);
      },
      { timeout: 90_000, interval: 200 },
    );
  };
  const productPage = (api: TestApi) =>
    fetch(`${api.url}/en/catalog/${categoryId}/products/${productId}`).then((r) => r.text());
  /** Waits for the product's English page to show `text`. */
  const shows = (api: TestApi, text: string) =>
    vi.waitFor(async () => expect(await productPage(api)).toContain(text), {
      timeout: 120_000,
      interval: 250,
    });
  const builds = async (api: TestApi) =>
    api.app.db.kysely
      .selectFrom('publish_builds')
      .select(['id', 'status', 'release', 'data_hash'])
      .orderBy('id')
      .execute();
  const catchUpTriggers = async (api: TestApi) =>
    (
      await api.app.db.kysely
        .selectFrom('publish_triggers')
        .select('build_id')
        .where('kind', '=', 'catchup')
        .execute()
    ).length;
  /** What the content hash check says now, with no settling time. */
  const behind = (api: TestApi) =>
    catchUp({
      db: api.app.db.kysely,
      publisher: api.app.publishing!,
      read: () => readSiteData(api.app.db),
      log: api.app.log,
      settleMs: 0,
    });
  /** A change committed with no rebuild request, as a process dying in between leaves it. */
  const saveWithoutRequest = (api: TestApi, name: string) =>
    api.app.db.kysely
      .updateTable('products')
      .set({ name_en: name, updated_at: new Date().toISOString() })
      .where('id', '=', productId)
      .execute();

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'conveyor-catchup-'));
    const database = TEST_DB === 'postgres' ? await createPostgresDatabase() : null;
    dropDatabase = database?.drop;
    env = {
      DATA_DIR: dataDir,
      DATABASE_URL: database?.url ?? '',
      SEED_DEMO: false,
      PUBLISH_ENABLED: true,
      PUBLISH_DEBOUNCE_MS: 100,
      PUBLISH_MAX_WAIT_MS: 1000,
      SERVE_FRONTENDS: true,
    };
    const api = await start();
    const token = await api.signIn();
    const category = await api.request('POST', '/api/categories', {
      token,
      json: { name_ru: 'Конвейеры', name_uz: 'Konveyerlar', name_en: 'Conveyors' },
    });
    categoryId = category.body.data.id;
    const product = await api.request('POST', '/api/products', {
      token,
      json: { category_id: categoryId, name_ru: 'ЛК-400', name_uz: 'LK-400', name_en: 'LK-400' },
    });
    productId = product.body.data.id;
    await shows(api, 'LK-400');
    await settle(api);
  }, 180_000);

  afterAll(async () => {
    for (const api of [...running]) await stop(api);
    await dropDatabase?.();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('records what each build was made from, and sees nothing to do when the site is current', async () => {
    const api = running[0]!;
    const done = (await builds(api)).filter((build) => build.status === 'success');
    expect(done.length).toBeGreaterThan(0);
    expect(done.at(-1)!.data_hash).toMatch(/^[\w-]{43}$/);
    expect(await behind(api)).toBe(false);
    // a draft changes nothing the site shows
    const token = await api.signIn();
    const draft = await api.request('PUT', `/api/products/${productId}/draft`, {
      token,
      json: { name_en: 'LK-400 drafted' },
    });
    expect(draft.status).toBe(200);
    expect(await behind(api)).toBe(false);
    // a change the site does not show yet is seen, by the publisher's recurring job
    await saveWithoutRequest(api, 'LK-400 unseen');
    const recurring = await api.app.db.kysely
      .selectFrom('jobs')
      .select('unique_key')
      .where('kind', '=', CATCH_UP_JOB)
      .execute();
    expect(recurring.length).toBeGreaterThan(0);
    await api.app.jobs.enqueue(CATCH_UP_JOB, null);
    await expect.poll(() => catchUpTriggers(api), { timeout: 10_000 }).toBe(1);
    await settle(api);
    expect(await productPage(api)).toContain('LK-400 unseen');
    expect(await catchUpTriggers(api)).toBe(1);
  }, 120_000);

  it('a change whose request was lost before a stop is live after the next start', async () => {
    const before = running[0]!;
    await saveWithoutRequest(before, 'LK-400 saved before the crash');
    const built = (await builds(before)).length;
    await stop(before);
    const after = await start();
    await shows(after, 'LK-400 saved before the crash');
    await settle(after);
    expect(await builds(after)).toHaveLength(built + 1);
    expect(await catchUpTriggers(after)).toBe(2);
  }, 180_000);

  it('a rollback stays live across a restart: the check compares with the newest build', async () => {
    const api = running[0]!;
    const token = await api.signIn();
    const releases = (await builds(api)).filter((build) => build.status === 'success');
    const older = releases.at(-2)!.release!;
    const rollback = await api.request('POST', `/api/publishing/releases/${older}/live`, {
      token,
    });
    expect(rollback.status).toBe(200);
    expect(await productPage(api)).not.toContain('LK-400 saved before the crash');
    expect(await behind(api)).toBe(false);
    const count = (await builds(api)).length;
    await stop(api);
    const next = await start();
    // the start's check has run once the catch-up it would have asked for would be queued
    await new Promise((resolve) => setTimeout(resolve, 3000));
    await settle(next);
    expect(await builds(next)).toHaveLength(count);
    expect(await readlink(join(dataDir, 'site', 'current'))).toContain(older);
    expect(await productPage(next)).not.toContain('LK-400 saved before the crash');
  }, 180_000);
});
