// `pnpm bench:publish`: how fast content reaches the live static site.
//
// For catalogues of about 100, 1,000 and 3,000 products (BENCH_SIZES), on a temporary SQLite
// database: starts the real server with publishing on, and reads from its own build records
// the cold build (empty Astro cache, the first release), a warm rebuild (cache filled), the
// pages built and pages per second, peak memory of the cold and the warm build's process tree
// (scripts/bench/peak-rss.ts), and the time from a product save (an API PUT) to its changed page being
// served. Each wait has a time limit (BENCH_BUILD_LIMIT_S per build, default 600;
// BENCH_SAVE_LIMIT_S from save to live, default 120): a run that hangs is reported, not waited on.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { freePort } from '../lib/free-port.ts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '@conveyor/api/app';
import { loadConfig, REPO_ROOT } from '@conveyor/api/config';
import { seedBulkProducts, seedDemo } from '@conveyor/api/seed';

const sizes = (process.env.BENCH_SIZES ?? '100,1000,3000').split(',').map(Number);
const password = 'bench-password-1';
// scripts/bench/peak-rss.ts reports the build's peak memory (the whole process tree) in its log
const command = `node scripts/bench/peak-rss.ts 'pnpm --silent --filter @conveyor/site exec astro build --outDir {outDir}'`;

const buildLimitMs = Number(process.env.BENCH_BUILD_LIMIT_S ?? 600) * 1000;
const saveLimitMs = Number(process.env.BENCH_SAVE_LIMIT_S ?? 120) * 1000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface BuildRow {
  id: number;
  status: string;
  durationMs: number | null;
  pages: number | null;
  logTail: string | null;
  error: string | null;
}

async function measure(products: number) {
  const dataDir = await mkdtemp(join(tmpdir(), 'conveyor-bench-publish-'));
  const env = { DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', ADMIN_PASSWORD: password };
  const app = await buildApp(loadConfig({ ...env, SEED_DEMO: false, SERVE_FRONTENDS: false }));
  const demo = await seedDemo(app.db, app.images, app.log);
  const extra = Math.max(0, products - demo.products);
  if (extra) await app.db.kysely.transaction().execute((trx) => seedBulkProducts(trx, extra));
  await app.close();

  // a cold first build: no Astro cache
  await rm(join(REPO_ROOT, '.cache', 'astro'), { recursive: true, force: true });
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn(
    process.execPath,
    [join(REPO_ROOT, 'api', 'src', 'server.ts')],
    {
      env: {
        ...process.env,
        ...env,
        PORT: String(port),
        SEED_DEMO: 'false',
        PUBLISH_ENABLED: 'true',
        PUBLISH_DEBOUNCE_MS: '500',
        PUBLISH_MAX_WAIT_MS: '5000',
        PUBLISH_BUILD_COMMAND: command,
        PUBLISH_BUILD_TIMEOUT_MS: String(buildLimitMs),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  try {
    let token = '';
    for (let i = 0; i < 600 && !token; i++) {
      try {
        const reply = await fetch(`${base}/api/signin`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ user_name: 'admin', password }),
        });
        if (reply.ok) token = ((await reply.json()) as { data: string }).data;
      } catch {
        await sleep(100);
      }
    }
    const auth = { authorization: `Bearer ${token}` };
    const builds = async () =>
      (
        (await (await fetch(`${base}/api/publishing`, { headers: auth })).json()) as {
          data: { running: boolean; queued: boolean; history: BuildRow[] };
        }
      ).data;
    const waitFor = async (count: number) => {
      for (const deadline = Date.now() + buildLimitMs; Date.now() < deadline;) {
        const state = await builds();
        const done = state.history.filter((b) => b.status === 'success' || b.status === 'failed');
        if (done.length >= count && !state.running && !state.queued) return done[0]!;
        await sleep(200);
      }
      throw new Error(`build ${count} did not finish within ${buildLimitMs / 1000} s`);
    };
    const cold = await waitFor(1);
    if (cold.status !== 'success')
      throw new Error(`cold build failed: ${cold.error}\n${cold.logTail}`);
    await fetch(`${base}/api/publishing/rebuild`, { method: 'POST', headers: auth });
    const warm = await waitFor(2);

    // save to live: rename a product and wait for its page to show the new name
    const sample = (
      (await (await fetch(`${base}/api/products?limit=1`)).json()) as {
        data: { id: number; category_id: number }[];
      }
    ).data[0]!;
    const name = `Bench ${Date.now()}`;
    const saved = Date.now();
    await fetch(`${base}/api/products/${sample.id}`, {
      method: 'PUT',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ name_ru: name }),
    });
    const path = `/catalog/${sample.category_id}/products/${sample.id}`;
    let saveToLive: number | null = null;
    while (saveToLive === null && Date.now() - saved < saveLimitMs) {
      const page = await fetch(base + path);
      if (page.ok && (await page.text()).includes(name)) saveToLive = Date.now() - saved;
      else await sleep(100);
    }
    const rss = (row: BuildRow) => {
      const kb = /peak_rss_kb=(\d+)/.exec(row.logTail ?? '')?.[1];
      return kb ? Math.round(Number(kb) / 1024) : 'n/a';
    };
    return {
      products,
      pages: warm.pages ?? 0,
      'cold s': +((cold.durationMs ?? 0) / 1000).toFixed(1),
      'warm s': +((warm.durationMs ?? 0) / 1000).toFixed(1),
      'warm pages/s': Math.round((warm.pages ?? 0) / ((warm.durationMs ?? 1) / 1000)),
      'cold peak MB': rss(cold),
      'warm peak MB': rss(warm),
      'save→live s':
        saveToLive === null
          ? `> ${saveLimitMs / 1000} (not live)`
          : +(saveToLive / 1000).toFixed(1),
    };
  } finally {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
    await rm(dataDir, { recursive: true, force: true });
  }
}

const rows = [];
for (const size of sizes) {
  console.log(`catalogue of ${size} products …`);
  rows.push(await measure(size));
}
console.log(
  `\nSite publishing, Node ${process.versions.node} (targets at 1,000 products: warm ≥ 200 pages/s, save→live < 15 s)`,
);
console.table(rows);
