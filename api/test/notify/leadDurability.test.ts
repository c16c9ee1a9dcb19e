import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, type TestApi, startApi } from '../helpers/api.ts';
import { createPostgresDatabase, skipReason, TEST_DB } from '../helpers/database.ts';
import { ready, run } from '../helpers/serverProcess.ts';
import { startTelegram } from '../helpers/standIns.ts';
import { until } from '../helpers/until.ts';

// Leads are never lost and never sent twice: a lead accepted just before the API is killed
// (kill -9) is delivered after the restart, and two instances on one database deliver each
// lead exactly once.

describe.skipIf(skipReason)('lead delivery across crashes and instances', () => {
  let telegram: Awaited<ReturnType<typeof startTelegram>>;
  let dataDir: string;
  let databaseUrl = '';
  let drop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    telegram = await startTelegram();
    dataDir = await mkdtemp(join(tmpdir(), 'conveyor-durable-'));
    if (TEST_DB === 'postgres') {
      const database = await createPostgresDatabase();
      databaseUrl = database.url;
      drop = database.drop;
    }
  });
  afterAll(async () => {
    await telegram?.close();
    await drop?.();
    await rm(dataDir, { recursive: true, force: true });
  });

  const env = () => ({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    TELEGRAM_BOT_TOKEN: '7:token',
    TELEGRAM_API_URL: telegram.url,
    TRUST_PROXY: 'true',
  });

  // Each starts the server as a process two or three times (its own deadlines: 60 s to start,
  // 30 s to deliver); vitest's 30 s for a whole test is too little on a slow, loaded machine.
  it(
    'delivers a lead accepted just before a kill -9, after the restart',
    { timeout: 120_000 },
    async () => {
      // First start: make the database and the settings through a normal instance.
      const setup = await startApi(env());
      const token = await setup.signIn();
      await setup.request('PUT', '/api/notifications/settings', {
        token,
        json: { telegram_leads: '-500' },
      });
      await setup.close();

      const start = () =>
        run({
          ...env(),
          SEED_DEMO: 'false',
          SERVE_FRONTENDS: 'false',
          ADMIN_PASSWORD: ADMIN.password,
        });
      const first = start();
      await ready(first, 60_000);
      // Telegram takes the call and never answers: the API is killed mid-delivery.
      telegram.behave('hang');
      const before = telegram.messages.length;
      const posted = await fetch(`${first.url}/api/leads`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.200' },
        body: JSON.stringify({ name: 'Crash', phone: '+998901234567' }),
      });
      expect(posted.status).toBe(201);
      await new Promise((resolve) => setTimeout(resolve, 500));
      first.child.kill('SIGKILL');
      await first.exited;
      expect(telegram.messages.length).toBe(before);

      const second = start();
      try {
        await ready(second, 60_000);
        const arrived = await until(() => telegram.messages.slice(before)[0]);
        expect(arrived.body.chat_id).toBe('-500');
        expect(arrived.body.text).toContain('Crash');
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(telegram.messages.length).toBe(before + 1);
      } finally {
        second.child.kill('SIGTERM');
        await second.exited;
      }
    },
  );

  it(
    'sends each lead once when two instances share the database',
    { timeout: 120_000 },
    async () => {
      const instances: TestApi[] = [await startApi(env()), await startApi(env())];
      try {
        const before = telegram.messages.length;
        const posts = Array.from({ length: 20 }, (_, n) =>
          instances[n % 2]!.request('POST', '/api/leads', {
            headers: { 'x-forwarded-for': `192.0.2.${n + 1}` },
            json: { name: `Twin ${n}`, phone: '+998901234567' },
          }),
        );
        for (const reply of await Promise.all(posts)) expect(reply.status).toBe(201);
        await until(() => telegram.messages.length >= before + 20);
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        const names = telegram.messages
          .slice(before)
          .map((m) => /Twin \d+/.exec(m.body.text)?.[0])
          .sort();
        expect(names).toEqual(Array.from({ length: 20 }, (_, n) => `Twin ${n}`).sort());
      } finally {
        for (const instance of instances) await instance.close();
      }
    },
  );
});
