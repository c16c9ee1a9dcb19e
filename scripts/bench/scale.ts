// `pnpm bench:scale --products 10000`: the catalogue at a spare-parts maker's size.
//
// The real server (api/src/server.ts, publishing on, its default warm builds) on a temporary
// SQLite database with the demo (without its pictures), or on PostgreSQL with DATABASE_URL (a
// database of its own, dropped after). One category is filled through the products sheet, in
// chunks of --chunk rows; then, each against its goal (docs/benchmarks.md):
//   - each chunk's import (checked and applied; goal < 60 s a 5,000-row chunk) and its release
//     live (goal < 180 s after the import);
//   - a full build (Rebuild now; goal < 600 s);
//   - a product's rename → its page live, its category's pages and the search index with it
//     (the release's build; goal < 2 s), --renames times, each once the site has settled (the
//     build worker has prepared the next release from the live one);
//   - the back office's lists at this size (goal < 300 ms each);
//   - the peaks of the API's process and of its build worker's process tree, sampled every
//     200 ms throughout (goals < 250 and < 400 MB);
//   - the releases' disk use: what they take, against what as many copies would.
// Each build's log lines on where its time went are printed under the figures. A missed goal is
// reported, not a failure.
//
//   --products N (10000)  --chunk N (5000)  --renames N (3)  --no-full (no Rebuild now)
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtemp, readFile, readdir, readlink, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import ExcelJS from 'exceljs';
import { buildApp } from '@conveyor/api/app';
import { loadConfig, REPO_ROOT } from '@conveyor/api/config';
import { seedDemo } from '@conveyor/api/seed';
import { freePort } from '../lib/free-port.ts';
import { type BuildRow, signedIn } from '../lib/product.ts';

const { values: args } = parseArgs({
  allowNegative: true,
  options: {
    products: { type: 'string', default: '10000' },
    chunk: { type: 'string', default: '5000' },
    renames: { type: 'string', default: '3' },
    // false: no Rebuild now (the imports' builds still render every new page)
    full: { type: 'boolean', default: true },
  },
});
const total = Math.max(1, Number.parseInt(args.products, 10) || 10_000);
const chunk = Math.max(1, Number.parseInt(args.chunk, 10) || 5000);
const renames = Math.max(1, Number.parseInt(args.renames, 10) || 3);
const GOALS = { importS: 60, importLiveS: 180, fullS: 600, renameS: 2, listMs: 300 };
const GOALS_MB = { api: 250, worker: 400 };
const password = 'bench-password-1';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const verdict = (ok: boolean) => (ok ? 'OK' : 'OVER');

// ----- memory: the API's process, and the rest of its tree (the build worker and its helpers)
/** The resident memory of a process, in MB (0 once it is gone). */
async function rssMb(pid: number): Promise<number> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}
/** Every process below `root`, from /proc's parent links. */
async function descendants(root: number): Promise<number[]> {
  const parents = new Map<number, number>();
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const fields = (await readFile(`/proc/${name}/stat`, 'utf8')).split(') ')[1]!.split(' ');
      parents.set(Number(name), Number(fields[1]));
    } catch {
      // gone meanwhile
    }
  }
  const found: number[] = [];
  const walk = (pid: number) => {
    for (const [child, parent] of parents) {
      if (parent === pid) {
        found.push(child);
        walk(child);
      }
    }
  };
  walk(root);
  return found;
}
/** A process as the breakdown names it: its program and first argument's file name. */
async function processName(pid: number): Promise<string> {
  const args = (await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => ''))
    .split('\0')
    .filter(Boolean);
  const file = (path = '') => path.split('/').at(-1) ?? path;
  const script = args.slice(1).find((arg) => !arg.startsWith('-'));
  return script ? `${file(args[0])} ${file(script)}` : file(args[0]) || String(pid);
}
// `renames`: the worker's tree while the renames run (an edit's build, not an import's); each
// peak's processes, so that a peak says what made it
const peaks = { api: 0, worker: 0, renames: 0 };
const peakParts = { worker: '', renames: '' };
let renaming = false;
/** What the bench is doing, for the worker's peak: where it was reached. */
let phase = 'the first release';
function sampleMemory(pid: number): () => void {
  let on = true;
  void (async () => {
    while (on) {
      peaks.api = Math.max(peaks.api, await rssMb(pid));
      let tree = 0;
      const parts: [number, number][] = [];
      for (const child of await descendants(pid)) {
        const mb = await rssMb(child);
        tree += mb;
        parts.push([child, mb]);
      }
      const describe = async () =>
        (
          await Promise.all(
            parts
              .filter(([, mb]) => mb >= 1)
              .sort((a, b) => b[1] - a[1])
              .map(async ([child, mb]) => `${await processName(child)} ${mb.toFixed(0)} MB`),
          )
        ).join(', ');
      if (tree > peaks.worker) {
        peaks.worker = tree;
        peakParts.worker = `${phase}: ${await describe()}`;
      }
      if (renaming && tree > peaks.renames) {
        peaks.renames = tree;
        peakParts.renames = await describe();
      }
      await sleep(200);
    }
  })();
  return () => {
    on = false;
  };
}

// ----- the database: a temporary SQLite file, or a PostgreSQL database of its own
const dataDir = await mkdtemp(join(tmpdir(), 'conveyor-bench-scale-'));
let databaseUrl = '';
let dropDatabase = async () => {};
if (process.env.DATABASE_URL) {
  // a database of its own on that server, dropped after (the tests' helper)
  process.env.TEST_POSTGRES_URL = process.env.DATABASE_URL;
  const { createPostgresDatabase } = await import('@conveyor/api/testing');
  const made = await createPostgresDatabase();
  [databaseUrl, dropDatabase] = [made.url, made.drop];
}
const env = { DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' };
{
  const app = await buildApp(
    loadConfig({ ...env, ADMIN_PASSWORD: password, SEED_DEMO: false, SERVE_FRONTENDS: false }),
  );
  await seedDemo(app.db, app.images, app.log, { pictures: false });
  await app.close();
}

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server: ChildProcess = spawn(process.execPath, [join(REPO_ROOT, 'api', 'src', 'server.ts')], {
  env: {
    ...process.env,
    ...env,
    PORT: String(port),
    HOST: '127.0.0.1',
    SEED_DEMO: 'false',
    PUBLISH_ENABLED: 'true',
    PUBLISH_BUILD_TIMEOUT_MS: String(30 * 60_000),
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const stopSampling = sampleMemory(server.pid!);
const lines: string[] = [];
const report = (line: string) => {
  lines.push(line);
  console.log(line);
};

try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (i > 1200) throw new Error('the server did not start in 2 minutes');
    await sleep(100);
  }
  const { auth, call } = await signedIn(base, password);
  const publishing = async () =>
    (await call('GET', '/publishing')) as {
      running: boolean;
      queued: boolean;
      history: BuildRow[];
    };
  /** Waits until no build runs or waits; answers the newest finished build. */
  const settled = async () => {
    await sleep(1000);
    for (const deadline = Date.now() + 40 * 60_000; Date.now() < deadline; await sleep(250)) {
      const state = await publishing();
      if (!state.running && !state.queued && state.history[0]) return state.history[0];
    }
    throw new Error('the site did not settle in 40 minutes');
  };
  /**
   * Waits until the build worker has prepared the next release, a copy of the live one
   * (site/src/integrations/nextRelease.ts: `<copy>.ready` in the site's work folder names it);
   * answers how long that took, or null after two minutes without.
   */
  const prepared = async () => {
    const started = performance.now();
    const site = join(dataDir, 'site');
    const work = join(site, 'work');
    for (const deadline = Date.now() + 120_000; Date.now() < deadline; await sleep(100)) {
      const live = join(site, await readlink(join(site, 'current')));
      for (const mark of (await readdir(work).catch(() => [])).filter((name) =>
        name.endsWith('.ready'),
      )) {
        const source = await readFile(join(work, mark), 'utf8').catch(() => '');
        if (source === live) return (performance.now() - started) / 1000;
      }
    }
    return null;
  };
  const timingsOf = (build: BuildRow) =>
    (build.logTail ?? '')
      .split('\n')
      .filter((line) =>
        /timings:|pictures:|pages to render|carried over \d+ pages|^worker:|^runner:|^site data:|search/.test(
          line,
        ),
      )
      .map((line) => `    ${line.trim()}`)
      .join('\n');
  await settled();

  // ----- the imports
  const category = await call('POST', '/categories', { name_ru: 'Запчасти', name_en: 'Parts' });
  const header = async () => {
    const reply = await fetch(
      `${base}/api/products/export?format=xlsx&category_id=${category.id}`,
      { headers: auth },
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await reply.arrayBuffer());
    return (book.worksheets[0]!.getRow(1).values as string[]).slice(1);
  };
  const columns = await header();
  for (let done = 0; done < total;) {
    const rows = Math.min(chunk, total - done);
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('products');
    sheet.addRow(columns);
    const at = (name: string) => columns.indexOf(name);
    for (let n = done; n < done + rows; n++) {
      const row: unknown[] = columns.map(() => null);
      row[at('category_id')] = category.id;
      row[at('name_ru')] = `Ролик опорный РО-${n + 1}`;
      row[at('name_uz')] = `Tayanch rolik RO-${n + 1}`;
      row[at('name_en')] = `Carrying idler RO-${n + 1}`;
      sheet.addRow(row);
    }
    const form = new FormData();
    form.append('file', new Blob([await book.xlsx.writeBuffer()]), 'products.xlsx');
    phase = `the import of rows ${done + 1}-${done + rows} and its release`;
    const started = performance.now();
    const reply = await fetch(`${base}/api/products/import`, {
      method: 'POST',
      headers: auth,
      body: form,
    });
    const importS = (performance.now() - started) / 1000;
    if (!reply.ok) throw new Error(`import: ${reply.status} ${await reply.text()}`);
    const build = await settled();
    const liveS = (performance.now() - started) / 1000 - importS;
    done += rows;
    report(
      `import of ${rows} rows (${done} in the category): ${importS.toFixed(1)} s (goal < ${GOALS.importS} s: ${verdict(importS < GOALS.importS)}); its release live ${liveS.toFixed(1)} s after (goal < ${GOALS.importLiveS} s: ${verdict(liveS < GOALS.importLiveS)}), ${build.pages} pages, ${build.status}`,
    );
    console.log(timingsOf(build));
  }

  // ----- a full build
  if (args.full) {
    phase = 'the full build';
    const started = performance.now();
    await call('POST', '/publishing/rebuild', {});
    const build = await settled();
    const fullS = (performance.now() - started) / 1000;
    report(
      `full build (Rebuild now): ${fullS.toFixed(1)} s, ${build.pages} pages, ${build.status} (goal < ${GOALS.fullS} s: ${verdict(fullS < GOALS.fullS)})`,
    );
    console.log(timingsOf(build));
  }

  // ----- renames: the product's page shows the new name; the release (its category's pages and
  // the search index with it) has gone live
  const [product] = await call('GET', `/products?category_id=${category.id}&limit=1`);
  const page = `${base}/catalog/${category.id}/products/${product.id}`;
  const times: number[] = [];
  renaming = true;
  phase = 'the renames';
  for (let i = 0; i < renames; i++) {
    // the site settled: the next release prepared too
    const waited = await prepared();
    report(
      waited === null
        ? 'the next release was not prepared within 2 minutes'
        : `the next release prepared ${waited.toFixed(1)} s after the last build was done`,
    );
    const name = `Ролик переименован ${Date.now()}`;
    const started = performance.now();
    await call('PUT', `/products/${product.id}`, { name_ru: name });
    for (;;) {
      const html = await fetch(page).then((reply) => (reply.ok ? reply.text() : ''));
      if (html.includes(name)) break;
      if (performance.now() - started > 30 * 60_000) throw new Error('the rename never went live');
      await sleep(50);
    }
    const liveS = (performance.now() - started) / 1000;
    times.push(liveS);
    const build = await settled();
    report(
      `rename → live: ${liveS.toFixed(2)} s (goal < ${GOALS.renameS} s: ${verdict(liveS < GOALS.renameS)}); its build ${((build.durationMs ?? 0) / 1000).toFixed(1)} s`,
    );
    console.log(timingsOf(build));
  }
  renaming = false;
  phase = 'the lists';

  // ----- the back office's lists at this size: the median of 5 calls each
  const lists = [
    `/products?category_id=${category.id}&limit=25`,
    // as the back office opens them: products by name, requests newest first
    '/products?limit=25&sort=name_uz&order=ASC',
    '/products?limit=25&sort=name_ru&order=ASC',
    '/leads?limit=25&sort=created_at&order=DESC',
    '/products?limit=25&sort=updated_at&order=DESC',
    `/products?limit=25&q=${encodeURIComponent('РО-9999')}`,
    `/products?limit=25&page=${Math.max(1, Math.floor(total / 25) - 1)}`,
    '/translations/incomplete',
    '/translations/outdated?resource=products',
    '/translations/gaps?resource=products&language=uz',
    '/trash?limit=25',
  ];
  for (const path of lists) {
    const ms: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      const reply = await fetch(`${base}/api${path}`, { headers: auth });
      await reply.arrayBuffer();
      ms.push(performance.now() - started);
      if (!reply.ok) throw new Error(`${path}: ${reply.status}`);
    }
    const median = ms.sort((a, b) => a - b)[2]!;
    report(
      `GET /api${path}: ${median.toFixed(0)} ms (goal < ${GOALS.listMs}: ${verdict(median < GOALS.listMs)})`,
    );
  }
  {
    const started = performance.now();
    const reply = await fetch(`${base}/api/products/export?format=xlsx`, { headers: auth });
    const bytes = (await reply.arrayBuffer()).byteLength;
    report(
      `the products sheet's export (every product): ${((performance.now() - started) / 1000).toFixed(1)} s, ${(bytes / 1024).toFixed(0)} kB`,
    );
  }

  // ----- memory and disk
  report(
    `peak memory: API ${peaks.api.toFixed(0)} MB (goal < ${GOALS_MB.api}: ${verdict(peaks.api < GOALS_MB.api)}), build worker's tree ${peaks.worker.toFixed(0)} MB (goal < ${GOALS_MB.worker}: ${verdict(peaks.worker < GOALS_MB.worker)}); the worker's tree during the renames ${peaks.renames.toFixed(0)} MB`,
  );
  report(`  the tree at its peak: ${peakParts.worker}`);
  report(`  the tree at its peak during the renames: ${peakParts.renames}`);
  const releases = join(dataDir, 'site', 'releases');
  const kept = await readdir(releases);
  const live = await readlink(join(dataDir, 'site', 'current'));
  const du = (...paths: string[]) =>
    Number(
      execFileSync('du', ['-sk', '--total', ...paths], { encoding: 'utf8' })
        .trim()
        .split('\n')
        .at(-1)!
        .split('\t')[0],
    ) / 1024;
  const one = du(join(dataDir, 'site', live));
  const all = du(...kept.map((name) => join(releases, name)));
  report(
    `releases: ${kept.length} kept take ${all.toFixed(0)} MB on disk, one alone ${one.toFixed(0)} MB (as copies: ${(one * kept.length).toFixed(0)} MB)`,
  );
  // and as the publishing screen says it (counted on the API's thread: asked until it has it)
  const screen = async () => {
    // asked again once: the API closes a keep-alive connection idle for 5 s (as `du` took), and
    // fetch does not send the request again by itself
    const ask = () => fetch(`${base}/api/publishing`, { headers: auth });
    const reply = await ask().catch(ask);
    return (
      (await reply.json()) as {
        data: {
          disk: { bytes: number; copies: number; releases: number; countedAt: string } | null;
        };
      }
    ).data.disk;
  };
  const countStarted = performance.now();
  // The screen answers with its last count at once and counts again when the releases changed
  // since: a count is taken as the releases' when it has not changed for 10 s (counting five
  // releases of 10,000 products takes a few seconds)
  let disk = await screen();
  let seenAt = performance.now();
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = await screen();
    if (!now || now.countedAt !== disk?.countedAt) {
      disk = now;
      seenAt = performance.now();
    } else if (disk.releases === kept.length && performance.now() - seenAt > 10_000) break;
    if (performance.now() - countStarted > 5 * 60_000) throw new Error('the count never settled');
  }
  const countS = (seenAt - countStarted) / 1000;
  report(
    `the publishing screen: ${(disk.bytes / 1024 ** 2).toFixed(0)} MB for ${disk.releases} releases (as copies: ${(disk.copies / 1024 ** 2).toFixed(0)} MB), counted in ${countS.toFixed(1)} s`,
  );
} finally {
  stopSampling();
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
  await rm(dataDir, { recursive: true, force: true });
  await dropDatabase();
}
console.log(`\n${total} products (pnpm bench:scale --products ${total} --chunk ${chunk})`);
for (const line of lines) console.log(`  ${line}`);
