// `pnpm bench:publish`: how fast content reaches the live static site (issue 17's targets).
//
// For catalogues of about 100, 1,000 and 3,000 products (BENCH_SIZES), on a temporary SQLite
// database: starts the real server with publishing on and its default settings, and measures
// - first start: from starting the server (empty image cache, no release) to the site served;
// - restart: the same with the image cache kept, as it is between releases and restarts (the
//   releases removed, so the site is built again): the first start of a known catalogue;
// - the cold build (that first release) and a warm full rebuild (the admin's Rebuild, every
//   page rendered, the image cache filled), from the server's own build records, with pages
//   per second and the build's peak memory: the warm build worker's (the default), or with
//   BENCH_WARM=false, one process per build, its whole process tree's (scripts/bench/peak-rss.ts);
// - a bare Astro build of the same number of pages (no data, no pictures) on the same machine,
//   and the warm rebuild's pages per second as a share of it (target at least 0.7): BENCH_PAIRS
//   (default 3) warm rebuilds, each followed by a bare build, and the median of their ratios
//   (the table shows the warm rebuild of median length);
// - where the warm rebuild's time goes, from its log (the runner's site data line and the
//   build's timings line, src/integrations/timings.ts): reading the site data, Astro's setup
//   and bundling, rendering the pages with their pictures, finishing (manifest, sitemap), and
//   the rest (the runner and the worker: the data file, messages, the release's swap); and the
//   rendering alone against the bare build's rendering (Astro's "generating static routes").
// - save to live: from a product save (an API PUT) to its changed page being served, over
//   BENCH_SAVES saves (default 3; the median and the slowest; target under 5 s).
// Each wait has a time limit (BENCH_BUILD_LIMIT_S per build, default 600; BENCH_SAVE_LIMIT_S
// from save to live, default 120): a run that hangs is reported, not waited on.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { freePort } from '../lib/free-port.ts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '@conveyor/api/app';
import { loadConfig, REPO_ROOT } from '@conveyor/api/config';
import { seedBulkProducts, seedDemo } from '@conveyor/api/seed';

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
const saves = Number(process.env.BENCH_SAVES ?? 3);
// warm rebuilds, each followed by a bare build: the machine's speed drifts by a fifth from one
// minute to the next, so the ratio is the median of pairs run side by side
const pairs = Math.max(1, Number(process.env.BENCH_PAIRS ?? 3));

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
    if (cold.status !== 'success')
      throw new Error(`cold build failed: ${cold.error}\n${cold.logTail}`);
    let built = 1;
    const rebuild = async () => {
      await fetch(`${base}/api/publishing/rebuild`, { method: 'POST', headers: auth });
      return waitFor(++built);
    };
    const warmRuns: BuildRow[] = [await rebuild()];
    const bare = await bareAstro(warmRuns[0]!.pages ?? 0);
    const bareRuns = [await bare.run()];

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
    }
    await bare.remove();
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
    // the warm rebuild of the median duration stands for them all
    const warm = [...warmRuns].sort((a, b) => (a.durationMs ?? 0) - (b.durationMs ?? 0))[
      Math.floor((warmRuns.length - 1) / 2)
    ]!;
    const bareRate = median(bareRuns.map((run) => run.pagesPerSecond));
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
      'restart s': seconds(restart),
      'cold s': +((cold.durationMs ?? 0) / 1000).toFixed(1),
      'warm s': +((warm.durationMs ?? 0) / 1000).toFixed(1),
      'warm pages/s': Math.round(warmRate),
      'bare pages/s': Math.round(bareRate),
      'warm/bare': +median(ratios).toFixed(2),
      'warm/bare (each)': ratios.map((ratio) => ratio.toFixed(2)).join(' '),
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
      'render/bare render': phases ? +(phases.renderRate / bareRender).toFixed(2) : 'n/a',
      'cold peak MB': rss(cold),
      'warm peak MB': rss(warm),
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

interface BareRun {
  pages: number;
  pagesPerSecond: number;
  renderSeconds: number;
}

/**
 * A bare Astro site of `pages` pages: one dynamic route, a header, a few paragraphs and a
 * footer each, no data fetched and no pictures; built once to warm the caches, then `run`
 * times a build: its pages per second, whole and while rendering (Astro's "generating static
 * routes" step). In site/.bench (ignored by git), where the site's own Astro resolves.
 */
async function bareAstro(
  pages: number,
): Promise<{ run: () => Promise<BareRun>; remove: () => Promise<void> }> {
  const root = join(REPO_ROOT, 'site', '.bench', 'bare');
  await rm(root, { recursive: true, force: true });
  await mkdir(join(root, 'src', 'pages'), { recursive: true });
  await writeFile(
    join(root, 'astro.config.mjs'),
    "export default { output: 'static', build: { format: 'directory' } };\n",
  );
  await writeFile(
    join(root, 'src', 'pages', '[id].astro'),
    `---
export function getStaticPaths() {
  return Array.from({ length: ${pages} }, (_, i) => ({ params: { id: String(i + 1) } }));
}
const { id } = Astro.params;
const items = Array.from({ length: 12 }, (_, i) => \`Item \${i + 1} of page \${id}\`);
---
<html lang="en"><head><meta charset="utf-8"><title>Page {id}</title></head>
<body><header><nav>{['Home', 'Catalogue', 'Projects', 'About', 'Contacts'].map((name) => <a href="/">{name}</a>)}</nav></header>
<main><h1>Page {id}</h1>{items.map((item) => <p>{item}: a belt conveyor for bulk material, with rollers, a drive and a frame.</p>)}</main>
<footer><p>Conveyor company, {id}</p></footer></body></html>
`,
  );
  const build = () =>
    new Promise<{ ms: number; output: string }>((resolve, reject) => {
      const started = Date.now();
      const child = spawn(process.execPath, ['../../node_modules/astro/bin/astro.mjs', 'build'], {
        cwd: root,
        env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1' },
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      let output = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
      child.once('error', reject);
      child.once('exit', (code) =>
        code === 0
          ? resolve({ ms: Date.now() - started, output })
          : reject(new Error(`bare build: exit ${code}`)),
      );
    });
  await build();
  return {
    async run() {
      const { ms, output } = await build();
      // the line after the page list: "✓ Completed in 3.21s." (or "in 850ms.")
      const rendering = /generating static routes[\s\S]*?Completed in ([\d.]+)(m?s)/.exec(output);
      const renderSeconds = rendering
        ? Number(rendering[1]) / (rendering[2] === 'ms' ? 1000 : 1)
        : Number.NaN;
      return { pages, pagesPerSecond: pages / (ms / 1000), renderSeconds };
    },
    remove: () => rm(root, { recursive: true, force: true }),
  };
}

const rows = [];
const notes: string[] = [];
for (const size of sizes) {
  console.log(`catalogue of ${size} products …`);
  rows.push(await measure(size));
}
console.log(
  `\nSite publishing, Node ${process.versions.node}, ${process.env.BENCH_WARM === 'false' ? 'a process per build' : 'warm build worker'} (targets: save→live < 5 s at 1,000 and 3,000 products; warm/bare ≥ 0.7; first start with the image cache kept (restart) at 100 products < 15 s)`,
);
console.table(rows);
console.log(notes.join('\n'));
