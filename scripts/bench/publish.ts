// `pnpm bench:publish`: how fast content reaches the live static site.
//
// On temporary SQLite catalogues of about 100, 1,000 and 3,000 products, the real server with
// publishing on and its default settings: the first start (target: site served under 15 s at
// 100 products) and a restart, the cold build and a warm full rebuild (pages/s, peak memory),
// the warm rebuild against a bare Astro build of as many similar pages (target: at least 0.7 of
// its pages/s), where its time went, and save to live (target under 5 s). Each column and the
// results: docs/benchmarks.md.
//   BENCH_SIZES (100,1000,3000)  BENCH_PAIRS (5)  BENCH_SAVES (3)  BENCH_WARM (true)
//   BENCH_BUILD_LIMIT_S (600)  BENCH_SAVE_LIMIT_S (120)
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readlink, rm } from 'node:fs/promises';
import { freePort } from '../lib/free-port.ts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '@conveyor/api/app';
import { loadConfig, REPO_ROOT } from '@conveyor/api/config';
import { seedBulkProducts, seedDemo } from '@conveyor/api/seed';
import { averagePageSize, bareAstro } from './bareAstro.ts';
import type { BuildRow } from '../lib/product.ts';

const sizes = (process.env.BENCH_SIZES ?? '100,1000,3000').split(',').map(Number);
const password = 'bench-password-1';
// the server's default builds (the warm worker reports its peak memory in the build's log), or
// one process per build, whose peak scripts/bench/peak-rss.ts reports
const perProcess =
  process.env.BENCH_WARM === 'false'
    ? {
        PUBLISH_BUILD_WARM: 'false',
        PUBLISH_BUILD_COMMAND: `node scripts/bench/peak-rss.ts 'node site/scripts/build.mjs {outDir}'`,
      }
    : {};
// what a build's peak memory (peak_rss_kb in its log) measures in each mode (see the header)
const peakKind = process.env.BENCH_WARM === 'false' ? 'tree PSS' : 'worker RSS';
const saves = Number(process.env.BENCH_SAVES ?? 3);
// warm rebuilds, each followed by the bare builds: the machine's speed drifts from one minute
// to the next, so the ratio is the median of pairs run side by side
const pairs = Math.max(1, Number(process.env.BENCH_PAIRS ?? 5));

const buildLimitMs = Number(process.env.BENCH_BUILD_LIMIT_S ?? 600) * 1000;
const saveLimitMs = Number(process.env.BENCH_SAVE_LIMIT_S ?? 120) * 1000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
  const start = () =>
    spawn(process.execPath, [join(REPO_ROOT, 'api', 'src', 'server.ts')], {
      env: {
        ...process.env,
        ...env,
        PORT: String(port),
        SEED_DEMO: 'false',
        PUBLISH_ENABLED: 'true',
        ...perProcess,
        PUBLISH_BUILD_TIMEOUT_MS: String(buildLimitMs),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  const stop = async (child: ChildProcess) => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  /** From now until the site's home page is served. */
  const served = async (since: number) => {
    for (const deadline = Date.now() + buildLimitMs; Date.now() < deadline;) {
      try {
        if ((await fetch(`${base}/`)).status === 200) return Date.now() - since;
      } catch {
        // not listening yet
      }
      await sleep(100);
    }
    return null;
  };
  const spawned = Date.now();
  let server: ChildProcess = start();
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
    const firstStart = await served(spawned);
    const cold = await waitFor(1);
    const firstComplete = Date.now() - spawned;
    if (cold.status !== 'success')
      throw new Error(`cold build failed: ${cold.error}\n${cold.logTail}`);
    let built = 1;
    const rebuild = async () => {
      await fetch(`${base}/api/publishing/rebuild`, { method: 'POST', headers: auth });
      return waitFor(++built);
    };
    const warmRuns: BuildRow[] = [await rebuild()];
    // the live release's pages, as large on average as the bare pages will be made
    const siteRoot = join(dataDir, 'site');
    const live = join(siteRoot, await readlink(join(siteRoot, 'current')));
    const pageSize = await averagePageSize(live);
    const bare = await bareAstro('similar', warmRuns[0]!.pages ?? 0, pageSize);
    const trivial = await bareAstro('trivial', warmRuns[0]!.pages ?? 0);
    const bareRuns = [await bare.run()];
    const bareWarmRuns = [await bare.runWarm()];
    const trivialRuns = [await trivial.run()];

    // save to live: rename a product and wait for its page to show the new name
    const sample = (
      (await (await fetch(`${base}/api/products?limit=1`)).json()) as {
        data: { id: number; category_id: number }[];
      }
    ).data[0]!;
    const path = `/catalog/${sample.category_id}/products/${sample.id}`;
    const timings: (number | null)[] = [];
    for (let i = 0; i < saves; i++) {
      await waitFor(built + i); // the previous save's build has finished
      const name = `Bench ${Date.now()}`;
      const saved = Date.now();
      await fetch(`${base}/api/products/${sample.id}`, {
        method: 'PUT',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ name_ru: name }),
      });
      let live: number | null = null;
      while (live === null && Date.now() - saved < saveLimitMs) {
        const page = await fetch(base + path);
        if (page.ok && (await page.text()).includes(name)) live = Date.now() - saved;
        else await sleep(50);
      }
      timings.push(live);
    }
    built += saves;
    await waitFor(built);
    for (let i = 1; i < pairs; i++) {
      warmRuns.push(await rebuild());
      bareRuns.push(await bare.run());
      bareWarmRuns.push(await bare.runWarm());
      trivialRuns.push(await trivial.run());
    }
    await bare.remove();
    await trivial.remove();
    // a restart with no release (a new machine's disk, or the releases lost) and the image
    // cache kept, as it is between releases and restarts: the first start of a known catalogue
    await stop(server);
    await rm(join(dataDir, 'site'), { recursive: true, force: true });
    const restarted = Date.now();
    server = start();
    const restart = await served(restarted);
    const seconds = (ms: number | null) =>
      ms === null ? `> ${saveLimitMs / 1000} (not live)` : +(ms / 1000).toFixed(1);
    const sorted = [...timings].sort((a, b) => (a ?? Infinity) - (b ?? Infinity));
    const rateOf = (row: BuildRow) => (row.pages ?? 0) / ((row.durationMs ?? 1) / 1000);
    const median = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      return sorted[Math.floor((sorted.length - 1) / 2)]!;
    };
    const ratios = warmRuns.map((row, i) => rateOf(row) / bareRuns[i]!.pagesPerSecond);
    const warmRatios = warmRuns.map(
      (row, i) => rateOf(row) / bareWarmRuns[i]!.first.pagesPerSecond,
    );
    const secondRatios = warmRuns.map(
      (row, i) => rateOf(row) / bareWarmRuns[i]!.second.pagesPerSecond,
    );
    const trivialRatios = warmRuns.map((row, i) => rateOf(row) / trivialRuns[i]!.pagesPerSecond);
    // the warm rebuild of the median duration stands for them all
    const warm = [...warmRuns].sort((a, b) => (a.durationMs ?? 0) - (b.durationMs ?? 0))[
      Math.floor((warmRuns.length - 1) / 2)
    ]!;
    const bareRate = median(bareRuns.map((run) => run.pagesPerSecond));
    const bareWarmRate = median(bareWarmRuns.map((run) => run.first.pagesPerSecond));
    const bareSecondRate = median(bareWarmRuns.map((run) => run.second.pagesPerSecond));
    const bareRender = median(bareRuns.map((run) => run.pages / run.renderSeconds));
    const phases = phasesOf(warm);
    const rss = (row: BuildRow) => {
      const kb = /peak_rss_kb=(\d+)/.exec(row.logTail ?? '')?.[1];
      return kb ? Math.round(Number(kb) / 1024) : 'n/a';
    };
    const warmRate = rateOf(warm);
    // the warm rebuild's own account of its time, printed under the table
    notes.push(
      `${products} products, warm rebuild:\n` +
        (warm.logTail ?? '')
          .split('\n')
          .filter((line) => /timings:|pictures:|^worker:|^runner:|^site data:/.test(line))
          .map((line) => `  ${line.replace(/^.*?(timings:|pictures:)/, '$1')}`)
          .join('\n'),
    );
    return {
      products,
      pages: warm.pages ?? 0,
      'first start s': seconds(firstStart),
      'first start: all pictures s': seconds(firstComplete),
      'restart s': seconds(restart),
      'cold s': +((cold.durationMs ?? 0) / 1000).toFixed(1),
      'cold pages/s': Math.round(rateOf(cold)),
      'warm s': +((warm.durationMs ?? 0) / 1000).toFixed(1),
      'warm pages/s': Math.round(warmRate),
      'bare CLI pages/s': Math.round(bareRate),
      'warm/bare CLI': +median(ratios).toFixed(2),
      'warm/bare CLI (each)': ratios.map((ratio) => ratio.toFixed(2)).join(' '),
      'bare warm pages/s': Math.round(bareWarmRate),
      'warm/bare warm': +median(warmRatios).toFixed(2),
      'warm/bare warm (each)': warmRatios.map((ratio) => ratio.toFixed(2)).join(' '),
      'bare 2nd build pages/s': Math.round(bareSecondRate),
      'warm/bare 2nd build': +median(secondRatios).toFixed(2),
      'page KB (bare)': `${(pageSize / 1024).toFixed(1)} (${(bare.pageSize / 1024).toFixed(1)})`,
      'warm/trivial CLI': +median(trivialRatios).toFixed(2),
      'warm: data s': phases?.data ?? 'n/a',
      'warm: setup+bundle s': phases ? +(phases.setup + phases.bundling).toFixed(1) : 'n/a',
      'warm: render s': phases?.rendering ?? 'n/a',
      'warm: finish s': phases?.finishing ?? 'n/a',
      'warm: rest s': phases
        ? +(
            (warm.durationMs ?? 0) / 1000 -
            phases.data -
            phases.setup -
            phases.bundling -
            phases.rendering -
            phases.finishing
          ).toFixed(1)
        : 'n/a',
      'render/bare CLI render': phases ? +(phases.renderRate / bareRender).toFixed(2) : 'n/a',
      [`cold peak MB (${peakKind})`]: rss(cold),
      [`warm peak MB (${peakKind})`]: rss(warm),
      'save→live s (median)': seconds(sorted[Math.floor((sorted.length - 1) / 2)] ?? null),
      'save→live s (max)': seconds(sorted.at(-1) ?? null),
      'save→live s (each)': timings.map((ms) => seconds(ms)).join(' '),
    };
  } finally {
    await stop(server);
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** The phases of a build, in seconds, from the end of its log (see the header). */
function phasesOf(row: BuildRow) {
  const log = row.logTail ?? '';
  const build =
    /timings: setup ([\d.]+) s, bundling ([\d.]+) s, rendering (\d+) pages .*?([\d.]+) s \((\d+) pages\/s\), finishing ([\d.]+) s/.exec(
      log,
    );
  const data = /site data: \d+ KB in ([\d.]+) s/.exec(log);
  if (!build || !data) return null;
  return {
    data: Number(data[1]),
    setup: Number(build[1]),
    bundling: Number(build[2]),
    rendering: Number(build[4]),
    renderRate: Number(build[5]),
    finishing: Number(build[6]),
  };
}

const rows = [];
const notes: string[] = [];
for (const size of sizes) {
  console.log(`catalogue of ${size} products …`);
  rows.push(await measure(size));
}
console.log(
  `\nSite publishing, Node ${process.versions.node}, ${process.env.BENCH_WARM === 'false' ? 'a process per build' : 'warm build worker'} (targets: save→live < 5 s at 1,000 and 3,000 products; warm/bare (similar pages; warm/bare warm is like for like, warm/bare CLI counts the bare build's Node start and loading) ≥ 0.7; first start (site served, empty image cache) at 100 products < 15 s)`,
);
console.table(rows);
console.log(notes.join('\n'));
