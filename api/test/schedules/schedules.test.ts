import { SCHEDULER } from '@conveyor/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { listJobs } from '../../src/db/repositories/jobs.ts';
import type { ContentChange } from '../../src/plugins/events.ts';
import { SCHEDULE_JOB, scheduleRef } from '../../src/schedules/schedule.ts';
import { type TestApi, startApi } from '../helpers/api.ts';
import { TestClock } from '../helpers/clock.ts';
import { skipReason } from '../helpers/database.ts';

// Scheduled publishing: a hidden content record is given a publish time (and an
// unpublish time); at that minute it goes live (or offline) as a save would make it: a
// revision and an activity log event by the scheduler, and a rebuild of the site. Two API
// instances share one database and one test clock: time passes only when the test moves it,
// and the change is made once, whichever instance's runner takes the job.

const MINUTE = 60_000;
const PASSWORD = 'schedule-password-1';

/** Lets every instance's runner take what is due now, until none has anything left. */
async function settle(...apis: TestApi[]) {
  for (let round = 0; round < 3; round++) {
    for (const api of apis) api.app.jobs.wake();
    await Promise.all(apis.map((api) => api.app.jobs.idle()));
  }
}

describe.skipIf(skipReason)('scheduled publishing', () => {
  const clock = new TestClock(Date.parse('2026-11-24T09:00:00.000Z'));
  let api: TestApi;
  let second: TestApi;
  let admin: string;
  const tokens = { editor: '', sales: '' };
  let categoryId: number;
  const changes: ContentChange[] = [];

  /** The rebuild requests the scheduled changes made (a create of the test's record aside). */
  const updates = () => changes.filter((change) => change.action === 'update');
  const at = (ms: number) => new Date(clock.now() + ms).toISOString();
  const schedule = (resource: string, id: number, json: object, token = tokens.editor) =>
    api.request('PUT', `/api/${resource}/${id}/schedule`, { token, json });
  const scheduleOf = async (resource: string, id: number) =>
    (await api.request('GET', `/api/${resource}/${id}/schedule`, { token: tokens.editor })).body
      .data;
  /**
   * Whether the record is live (active: what anonymous readers and the site's build see). Read
   * as staff: each instance caches anonymous reads, and without Redis a change made by the other
   * instance does not empty this one's cache.
   */
  const live = async (resource: string, id: number) =>
    (await api.request('GET', `/api/${resource}/${id}`, { token: admin })).body.data
      .is_active as boolean;
  const hiddenProduct = async (name: string) => {
    const reply = await api.request('POST', '/api/products', {
      token: admin,
      json: { name_ru: name, category_id: categoryId, is_active: false },
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    return reply.body.data.id as number;
  };
  const queuedJobs = async (resource: string, id: number) =>
    (
      await listJobs(api.app.db.kysely, { kind: SCHEDULE_JOB, ref: scheduleRef(resource, id) })
    ).filter((job) => job.status === 'queued');
  const scheduledChanges = (resource: string, id: number) =>
    api.app.db.kysely
      .selectFrom('audit_log')
      .select(['user_id', 'user_name', 'details'])
      .where('action', '=', 'update')
      .where('resource', '=', resource)
      .where('record_id', '=', id)
      .where('user_name', '=', SCHEDULER)
      .execute();

  beforeAll(async () => {
    // one document per record: a cap a scheduled publish can run into
    const env = { SEED_DEMO: false, DOCUMENTS_PER_RECORD: 1 };
    api = await startApi(env, { clock });
    second = await startApi(
      { ...env, DATA_DIR: api.dataDir, DATABASE_URL: api.config.databaseUrl ?? '' },
      { clock },
    );
    admin = await api.signIn();
    for (const role of ['editor', 'sales'] as const) {
      const made = await api.request('POST', '/api/users', {
        token: admin,
        json: { user_name: `sched-${role}`, password: PASSWORD, email: `s-${role}@ex.uz`, role },
      });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      tokens[role] = await api.signIn(`sched-${role}`, PASSWORD);
    }
    const category = await api.request('POST', '/api/categories', {
      token: admin,
      json: { name_ru: 'Ленточные', is_active: true },
    });
    categoryId = category.body.data.id;
    for (const instance of [api, second]) {
      instance.app.contentEvents.on('change', (change) => changes.push(change));
    }
  });
  beforeEach(() => {
    changes.length = 0;
  });
  afterAll(async () => {
    await second?.close();
    await api?.close();
  });

  it('makes a hidden record live at its time, once across two instances, as a save would', async () => {
    const id = await hiddenProduct('Конвейер к запуску');
    const set = await schedule('products', id, { publish_at: at(10 * MINUTE) });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.data).toMatchObject({
      resource: 'products',
      record_id: id,
      publish_at: at(10 * MINUTE),
      unpublish_at: null,
      next_at: at(10 * MINUTE),
      user_name: 'sched-editor',
    });
    expect(await scheduleOf('products', id)).toEqual(set.body.data);

    clock.advance(9 * MINUTE + 59_000);
    await settle(api, second);
    expect(await live('products', id)).toBe(false);

    clock.advance(1_000);
    await settle(api, second);
    expect(await live('products', id)).toBe(true);
    expect(await scheduleOf('products', id)).toBeNull();

    // one change, one revision, one event, one rebuild request: by the scheduler, for the editor
    const jobs = await listJobs(api.app.db.kysely, { ref: scheduleRef('products', id) });
    expect(jobs.map((job) => [job.status, job.attempts])).toEqual([['done', 1]]);
    const events = await scheduledChanges('products', id);
    expect(events).toHaveLength(1);
    expect(events[0]!.user_id).toBeNull();
    expect(JSON.parse(events[0]!.details)).toMatchObject({
      fields: ['is_active'],
      revision_id: expect.any(Number),
      scheduled: 'publish',
      scheduled_by: 'sched-editor',
      scheduled_at: set.body.data.publish_at,
    });
    const revisions = await api.request('GET', `/api/products/${id}/revisions`, { token: admin });
    const newest = revisions.body.data[0];
    expect(newest).toMatchObject({
      id: JSON.parse(events[0]!.details).revision_id,
      action: 'update',
      user_id: null,
      user_name: SCHEDULER,
      fields: ['is_active'],
    });
    expect(newest.snapshot.is_active).toBe(true);
    expect(updates()).toEqual([{ resource: 'products', action: 'update', id, by: SCHEDULER }]);
  });

  it('takes a record offline at its unpublish time, keeping that time after the publish', async () => {
    const id = await hiddenProduct('Сезонное предложение');
    await schedule('products', id, {
      publish_at: at(5 * MINUTE),
      unpublish_at: at(60 * MINUTE),
    });
    clock.advance(5 * MINUTE);
    await settle(api, second);
    expect(await live('products', id)).toBe(true);
    expect(await scheduleOf('products', id)).toMatchObject({
      publish_at: null,
      unpublish_at: at(55 * MINUTE),
      next_at: at(55 * MINUTE),
    });

    clock.advance(55 * MINUTE);
    await settle(api, second);
    expect(await live('products', id)).toBe(false);
    expect(await scheduleOf('products', id)).toBeNull();
    const events = await scheduledChanges('products', id);
    expect(events.map((event) => JSON.parse(event.details).scheduled)).toEqual([
      'publish',
      'unpublish',
    ]);
    expect(updates()).toHaveLength(2);
  });

  it('does nothing at the old time of a changed schedule, and leaves no job for it', async () => {
    const id = await hiddenProduct('Перенесённый запуск');
    await schedule('products', id, { publish_at: at(10 * MINUTE) });
    const moved = await schedule('products', id, { publish_at: at(30 * MINUTE) });
    expect(moved.status).toBe(200);
    const queued = await queuedJobs('products', id);
    expect(queued.map((job) => job.runAt)).toEqual([at(30 * MINUTE)]);

    clock.advance(11 * MINUTE);
    await settle(api, second);
    expect(await live('products', id)).toBe(false);
    clock.advance(19 * MINUTE);
    await settle(api, second);
    expect(await live('products', id)).toBe(true);
    expect(await scheduledChanges('products', id)).toHaveLength(1);
  });

  it('does nothing at the time of a cancelled schedule, and logs the cancelling', async () => {
    const id = await hiddenProduct('Отменённый запуск');
    await schedule('products', id, { publish_at: at(10 * MINUTE) });
    const cancelled = await api.request('DELETE', `/api/products/${id}/schedule`, {
      token: tokens.editor,
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.data).toBe(id);
    expect(await queuedJobs('products', id)).toEqual([]);
    expect(await scheduleOf('products', id)).toBeNull();

    clock.advance(20 * MINUTE);
    await settle(api, second);
    expect(await live('products', id)).toBe(false);
    expect(updates()).toEqual([]);
    const log = await api.app.db.kysely
      .selectFrom('audit_log')
      .select(['action', 'user_name'])
      .where('resource', '=', 'products')
      .where('record_id', '=', id)
      .where('action', 'in', ['schedule', 'unschedule'])
      .orderBy('id')
      .execute();
    expect(log).toEqual([
      { action: 'schedule', user_name: 'sched-editor' },
      { action: 'unschedule', user_name: 'sched-editor' },
    ]);
  });

  it('ignores a job of an old time even when it was already claimed (a stale job)', async () => {
    const id = await hiddenProduct('Гонка');
    await schedule('products', id, { publish_at: at(30 * MINUTE) });
    // a job of an earlier schedule that an instance had claimed before the change deleted it
    await api.app.jobs.enqueue(SCHEDULE_JOB, {
      resource: 'products',
      id,
      action: 'publish',
      at: at(0),
    });
    await settle(api, second);
    expect(await live('products', id)).toBe(false);
    expect((await scheduleOf('products', id)).publish_at).toBe(at(30 * MINUTE));
    clock.advance(30 * MINUTE);
    await settle(api, second);
    expect(await live('products', id)).toBe(true);
  });

  it('does not change a record that is already so, nor publish it again', async () => {
    const id = await hiddenProduct('Уже опубликован');
    await schedule('products', id, { publish_at: at(10 * MINUTE) });
    await api.request('PUT', `/api/products/${id}`, { token: admin, json: { is_active: true } });
    changes.length = 0;
    clock.advance(10 * MINUTE);
    await settle(api, second);
    expect(await scheduledChanges('products', id)).toEqual([]);
    expect(updates()).toEqual([]);
    expect(await scheduleOf('products', id)).toBeNull();
  });

  it('drops the schedule of a deleted record and of what its delete took along', async () => {
    const id = await hiddenProduct('Удаляемый');
    const video = await api.request('POST', '/api/media', {
      token: admin,
      json: {
        title_ru: 'Видео',
        link: 'https://www.youtube.com/watch?v=abc',
        product_id: id,
        is_active: false,
      },
    });
    const videoId = video.body.data.id;
    await schedule('products', id, { publish_at: at(10 * MINUTE) });
    expect((await schedule('media', videoId, { publish_at: at(10 * MINUTE) })).status).toBe(200);
    expect(await api.request('DELETE', `/api/products/${id}`, { token: admin })).toMatchObject({
      status: 200,
    });
    expect(await queuedJobs('products', id)).toEqual([]);
    expect(await queuedJobs('media', videoId)).toEqual([]);
    const left = await api.request('GET', '/api/schedules?limit=100', { token: admin });
    expect(left.body.data.map((item: { record_id: number }) => item.record_id)).not.toContain(id);

    const item = (await api.request('GET', '/api/trash', { token: admin })).body.data.find(
      (row: { resource: string; record_id: number }) =>
        row.resource === 'products' && row.record_id === id,
    );
    expect(
      (await api.request('POST', `/api/trash/${item.id}/restore`, { token: admin, json: {} }))
        .status,
    ).toBe(200);
    clock.advance(10 * MINUTE);
    await settle(api, second);
    expect(await live('products', id)).toBe(false);
    expect(await scheduleOf('products', id)).toBeNull();
  });

  it('lists what is scheduled, soonest first, with the records’ names', async () => {
    const later = await hiddenProduct('Позже');
    const client = await api.request('POST', '/api/clients', {
      token: admin,
      json: { name: 'Navoiy GMK', is_active: true },
    });
    const sooner = await api.request('POST', '/api/project', {
      token: admin,
      json: {
        title_ru: 'Проект',
        title_en: 'Project',
        link: 'https://example.uz/p',
        is_active: false,
      },
    });
    await schedule('products', later, { publish_at: at(50 * MINUTE) });
    await schedule('clients', client.body.data.id, { unpublish_at: at(40 * MINUTE) });
    await schedule('project', sooner.body.data.id, {
      publish_at: at(20 * MINUTE),
      unpublish_at: at(90 * MINUTE),
    });
    const listed = await api.request('GET', '/api/schedules', { token: tokens.sales });
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(
      listed.body.data.map((item: { resource: string; next_at: string }) => [
        item.resource,
        item.next_at,
      ]),
    ).toEqual([
      ['project', at(20 * MINUTE)],
      ['clients', at(40 * MINUTE)],
      ['products', at(50 * MINUTE)],
    ]);
    expect(listed.body.data[0]).toMatchObject({
      record_id: sooner.body.data.id,
      name: { ru: 'Проект', uz: 'Проект', en: 'Project' },
      is_active: false,
      unpublish_at: at(90 * MINUTE),
    });
    expect(listed.body.data[1]).toMatchObject({
      name: { ru: 'Navoiy GMK', uz: 'Navoiy GMK', en: 'Navoiy GMK' },
      is_active: true,
    });
    expect(listed.body.total).toBe(3);
    const clients = await api.request('GET', '/api/schedules?resource=clients', { token: admin });
    expect(clients.body.data.map((item: { resource: string }) => item.resource)).toEqual([
      'clients',
    ]);
    // the rest of this file starts from an empty schedule
    for (const item of listed.body.data) {
      await api.request('DELETE', `/api/${item.resource}/${item.record_id}/schedule`, {
        token: admin,
      });
    }
  });

  it('refuses times in the past, in the wrong order, or none, with stable codes', async () => {
    const id = await hiddenProduct('Проверки');
    const refused = async (json: object, code: string, field?: string) => {
      const reply = await schedule('products', id, json);
      expect(reply.status, JSON.stringify(json)).toBe(400);
      expect(reply.body).toMatchObject({ code, ...(field ? { field } : {}) });
    };
    await refused({ publish_at: at(-2 * MINUTE) }, 'schedules.past', 'publish_at');
    await refused(
      { publish_at: at(MINUTE), unpublish_at: at(-5 * MINUTE) },
      'schedules.past',
      'unpublish_at',
    );
    await refused(
      { publish_at: at(20 * MINUTE), unpublish_at: at(10 * MINUTE) },
      'schedules.order',
      'unpublish_at',
    );
    await refused(
      { publish_at: at(20 * MINUTE), unpublish_at: at(20 * MINUTE) },
      'schedules.order',
      'unpublish_at',
    );
    await refused({}, 'schedules.empty');
    await refused({ publish_at: null, unpublish_at: null }, 'schedules.empty');
    await refused({ publish_at: 'tomorrow' }, 'validation', 'publish_at');
    expect(await scheduleOf('products', id)).toBeNull();
    expect((await schedule('products', 999_999, { publish_at: at(MINUTE) })).status).toBe(404);
    expect(
      (await api.request('GET', '/api/products/999999/schedule', { token: admin })).status,
    ).toBe(404);
    // leads are not published content: they have no schedule
    expect((await api.request('GET', '/api/leads/1/schedule', { token: admin })).status).toBe(404);

    // a time of the last minute (a form filled in slowly) is taken, and acts at once
    const late = await schedule('products', id, { publish_at: at(-30_000) });
    expect(late.status, JSON.stringify(late.body)).toBe(200);
    await settle(api, second);
    expect(await live('products', id)).toBe(true);
  });

  it('lets editors and admins schedule; sales only read; anonymous callers nothing', async () => {
    const id = await hiddenProduct('Роли');
    const json = { publish_at: at(10 * MINUTE) };
    expect((await schedule('products', id, json, admin)).status).toBe(200);
    const sales = await schedule('products', id, json, tokens.sales);
    expect(sales.status).toBe(403);
    expect(sales.body.code).toBe('forbidden');
    expect(
      (await api.request('DELETE', `/api/products/${id}/schedule`, { token: tokens.sales })).status,
    ).toBe(403);
    expect(
      (await api.request('GET', `/api/products/${id}/schedule`, { token: tokens.sales })).status,
    ).toBe(200);
    expect((await api.request('GET', `/api/products/${id}/schedule`)).status).toBe(401);
    expect((await api.request('PUT', `/api/products/${id}/schedule`, { json })).status).toBe(401);
    expect((await api.request('GET', '/api/schedules')).status).toBe(401);
    expect((await scheduleOf('products', id)).user_name).toBe('admin');
    await api.request('DELETE', `/api/products/${id}/schedule`, { token: admin });
  });

  /** A document (on request: no file) of a product; answers its id. */
  const documentOf = async (productId: number, title: string) => {
    const reply = await api.request('POST', '/api/documents', {
      token: admin,
      json: { kind: 'manual', title_en: title, product_id: productId, on_request: true },
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    return reply.body.data.id as number;
  };
  const jobsOf = (resource: string, id: number) =>
    listJobs(api.app.db.kysely, { kind: SCHEDULE_JOB, ref: scheduleRef(resource, id) });

  it('fails a refused publish once, marks the schedule failed with why, and keeps it until changed', async () => {
    const full = await hiddenProduct('Полный');
    const other = await hiddenProduct('Другой');
    const kept = await documentOf(full, 'Kept');
    const moving = await documentOf(other, 'Moving');
    // a draft that moves the document onto a product that has as many as it may
    const draft = await api.request('PUT', `/api/documents/${moving}/draft`, {
      token: admin,
      json: { product_id: full },
    });
    expect(draft.status, JSON.stringify(draft.body)).toBe(200);
    const publishAt = at(5 * MINUTE);
    expect((await schedule('documents', moving, { publish_at: publishAt })).status).toBe(200);

    clock.advance(5 * MINUTE);
    await settle(api, second);
    const failed = await scheduleOf('documents', moving);
    expect(failed).toMatchObject({
      publish_at: publishAt,
      failed_at: new Date(clock.now()).toISOString(),
      failure_code: 'documents.tooMany',
    });
    expect(failed.failure).toMatch(/at most 1/);
    // the Scheduled screen shows it
    const listed = await api.request('GET', '/api/schedules?resource=documents', { token: admin });
    expect(listed.body.data).toEqual([
      expect.objectContaining({ record_id: moving, failure_code: 'documents.tooMany' }),
    ]);
    // one attempt, given up on: an hour later nothing has tried again
    clock.advance(60 * MINUTE);
    await settle(api, second);
    expect((await jobsOf('documents', moving)).map((job) => [job.status, job.attempts])).toEqual([
      ['failed', 1],
    ]);
    // nothing changed: the document is where it was, its draft kept, no rebuild asked for
    const document = await api.request('GET', `/api/documents/${moving}`, { token: admin });
    expect(document.body.data.product_id).toBe(other);
    expect(
      (await api.request('GET', `/api/documents/${moving}/draft`, { token: admin })).status,
    ).toBe(200);
    expect(updates()).toEqual([]);

    // staff make room and set a new time: the failure goes with the old times, the publish runs
    expect(
      (await api.request('DELETE', `/api/documents/${kept}`, { token: admin })).status,
    ).toBeLessThan(300);
    const again = await schedule('documents', moving, { publish_at: at(MINUTE) });
    expect(again.body.data).toMatchObject({ failed_at: null, failure: null, failure_code: null });
    clock.advance(MINUTE);
    await settle(api, second);
    expect(await scheduleOf('documents', moving)).toBeNull();
    expect(
      (await api.request('GET', `/api/documents/${moving}`, { token: admin })).body.data.product_id,
    ).toBe(full);
  });

  it('retries a publish that failed for a passing reason, leaving the schedule unmarked', async () => {
    const id = await hiddenProduct('Временный сбой');
    const publishAt = at(5 * MINUTE);
    await schedule('products', id, { publish_at: publishAt });
    // the database fails the change for a while (a table it writes is away)
    await sql`ALTER TABLE revisions RENAME TO revisions_away`.execute(api.app.db.kysely);
    try {
      clock.advance(5 * MINUTE);
      await settle(api, second);
      expect((await jobsOf('products', id)).map((job) => [job.status, job.attempts])).toEqual([
        ['queued', 1],
      ]);
      expect(await scheduleOf('products', id)).toMatchObject({
        publish_at: publishAt,
        failed_at: null,
        failure_code: null,
      });
      expect(await live('products', id)).toBe(false);
    } finally {
      await sql`ALTER TABLE revisions_away RENAME TO revisions`.execute(api.app.db.kysely);
    }
    // the retry, after its backoff, makes the change
    clock.advance(MINUTE);
    await settle(api, second);
    expect(await live('products', id)).toBe(true);
    expect(await scheduleOf('products', id)).toBeNull();
  });
});

describe.skipIf(skipReason)('scheduled publishing across a restart', () => {
  it('fires a schedule set before the server stopped, on the next start', async () => {
    const clock = new TestClock(Date.parse('2026-11-24T09:00:00.000Z'));
    const first = await startApi({ SEED_DEMO: false }, { clock });
    const token = await first.signIn();
    const client = await first.request('POST', '/api/clients', {
      token,
      json: { name: 'После перезапуска', is_active: false },
    });
    const id = client.body.data.id;
    const set = await first.request('PUT', `/api/clients/${id}/schedule`, {
      token,
      json: { publish_at: new Date(clock.now() + 5 * 60_000).toISOString() },
    });
    expect(set.status).toBe(200);
    // the server stops (its data stays), time passes with no server running
    await first.app.close();
    clock.advance(60 * 60_000);
    const restarted = await startApi(
      {
        DATA_DIR: first.dataDir,
        DATABASE_URL: first.config.databaseUrl ?? '',
        SEED_DEMO: false,
      },
      { clock },
    );
    try {
      await settle(restarted);
      expect((await restarted.request('GET', `/api/clients/${id}`)).status).toBe(200);
    } finally {
      await restarted.close();
      await first.close();
    }
  });
});
