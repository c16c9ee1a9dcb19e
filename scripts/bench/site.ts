// `pnpm bench:site`: Lighthouse scores and JavaScript weight of the public site's pages.
//
// Starts the whole product (scripts/e2e/server.ts) on a free loopback port and runs Lighthouse
// (mobile emulation, simulated throttling) on the home, a category, a product, /projects,
// /contacts, a comparison of two products and a search in each language. Budget: <= 90 kB of JavaScript gzipped on the home pages,
// <= 70 kB elsewhere; a missed target is reported, not a failure. Details: docs/benchmarks.md.
//
//   --runs N (1): runs per page, the median performance run is kept
//   --only TEXT: only the pages whose path contains TEXT
import { type ChildProcess, type SpawnOptions, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { freePort } from '../lib/free-port.ts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import lighthouse, { type Result } from 'lighthouse';

const ROOT = join(import.meta.dirname, '..', '..');
const CHROME = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = `--headless=new --no-sandbox --disable-gpu --disable-quic --no-first-run
  --disable-background-networking --disable-component-update --disable-sync`.split(/\s+/);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const KB = 1024;
const BUDGET = { home: 90 * KB, other: 70 * KB };
/** What the search page is measured with, in each language: a word of the demo's products. */
const QUERY: Record<string, string> = { '/ru': 'конвейер', '/en': 'conveyor', '/uz': 'konveyer' };

const { values: args } = parseArgs({
  options: { runs: { type: 'string', default: '1' }, only: { type: 'string' } },
});
const runs = Math.max(1, Number.parseInt(args.runs, 10) || 1);
const command = ['node scripts/bench/site.ts', ...process.argv.slice(2)].join(' ');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const profile = await mkdtemp(join(tmpdir(), 'conveyor-bench-chrome-'));
// Each child leads its own process group, so the site build and Chromium's helpers go with it.
const children: ChildProcess[] = [];
function launch(file: string, argv: string[], options: SpawnOptions): ChildProcess {
  const child = spawn(file, argv, { ...options, detached: true });
  children.push(child);
  return child;
}
const killGroup = (child: ChildProcess, signal: NodeJS.Signals) => {
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
};
async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const timer = setTimeout(() => killGroup(child, 'SIGKILL'), 10_000);
  killGroup(child, 'SIGTERM');
  if (child.exitCode === null && child.signalCode === null) await exited;
  clearTimeout(timer);
  killGroup(child, 'SIGKILL'); // stragglers
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    children.forEach((child) => killGroup(child, 'SIGTERM'));
    rmSync(profile, { recursive: true, force: true });
    process.exit(130);
  });
}

type Metrics = Awaited<ReturnType<typeof metrics>>;
interface Row extends Partial<Metrics> {
  path: string;
  budget: number;
  verdict: 'OK' | 'OVER' | 'ERROR';
  error?: string;
  allRuns?: Metrics[];
}

// jsTransfer: transferSize of the Script requests as served; jsGzip: the same bodies gzipped here
// (what a compressing server or proxy sends: the server itself does not compress).
async function metrics(lhr: Result) {
  const score = (id: string) => {
    const value = lhr.categories[id]?.score;
    return typeof value === 'number' ? Math.round(value * 100) : null;
  };
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? null;
  const details = lhr.audits['network-requests']?.details;
  type Item = { url: string; resourceType?: string; transferSize?: number };
  const items = (details && 'items' in details ? details.items : []) as Item[];
  const scripts = [];
  for (const { url, resourceType, transferSize = 0 } of items) {
    if (resourceType !== 'Script') continue;
    const body = await fetch(url).then(
      (reply) => reply.arrayBuffer(),
      () => null,
    );
    scripts.push({ url, transferSize, gzip: body ? gzipSync(body).length : transferSize });
  }
  // What cost points: the scored audits that did not pass, and the elements that moved.
  const missed = CATEGORIES.flatMap((category) =>
    (lhr.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${category}: ${ref.id} (${lhr.audits[ref.id]?.displayValue ?? 'failed'})`),
  );
  const shifts = lhr.audits['layout-shifts']?.details;
  type Shift = { node?: { selector?: string }; score?: number };
  const moved = ((shifts && 'items' in shifts ? shifts.items : []) as Shift[]).map(
    (item) => `${item.node?.selector ?? '?'} ${(item.score ?? 0).toFixed(3)}`,
  );
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: audit('largest-contentful-paint'),
    cls: audit('cumulative-layout-shift'),
    tbtMs: audit('total-blocking-time'),
    jsTransfer: scripts.reduce((sum, script) => sum + script.transferSize, 0),
    jsGzip: scripts.reduce((sum, script) => sum + script.gzip, 0),
    scripts,
    missed,
    moved,
  };
}

const rows: Row[] = [];
let browser = '';
let lighthouseVersion = '';
try {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  console.log(`starting the product on ${base} and building the site (a minute or two) …`);
  const server = launch(process.execPath, [join(ROOT, 'scripts', 'e2e', 'server.ts')], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The first release goes live with its pages, before its pictures; the pages are measured
  // once it is whole, which the server says on its output.
  let published = false;
  createInterface({ input: server.stdout! }).on('line', (line) => {
    if (line.includes('e2e site published')) published = true;
  });
  // Its log passes through, but a failed site build ends the wait (no release will come).
  let buildLog = '';
  createInterface({ input: server.stderr! }).on('line', (line) => {
    if (!line.includes('"site build failed')) return console.error(line);
    const { err } = JSON.parse(line) as { err?: { message?: string; logTail?: string } };
    buildLog = `${err?.message}\n${err?.logTail?.split('\n').slice(-25).join('\n')}`;
  });
  const started = Date.now();
  for (let up = false; !up; await sleep(1000)) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    if (buildLog) throw new Error(`the site was not published: ${buildLog}`);
    if (Date.now() - started > 5 * 60_000) throw new Error('the site was not served within 5 min');
    up =
      published &&
      (await fetch(`${base}/`).then(
        (reply) => reply.status === 200,
        () => false,
      ));
  }
  console.log(`site published after ${((Date.now() - started) / 1000).toFixed(0)} s`);

  const list = async (path: string) => {
    const reply = await fetch(base + path);
    if (!reply.ok) throw new Error(`GET ${path}: HTTP ${reply.status}`);
    return ((await reply.json()) as { data: Record<string, unknown>[] }).data;
  };
  // A product has a page only if its category is active too (anonymous reads list active
  // records only): the first category that has a product, and its first product.
  let category: Record<string, unknown> | undefined;
  let product: Record<string, unknown> | undefined;
  for (const candidate of await list('/api/categories?limit=100&sort=id&order=asc')) {
    [product] = await list(`/api/products?limit=1&category_id=${candidate.id}`);
    if (product) {
      category = candidate;
      break;
    }
  }
  if (!category || !product) throw new Error('no active category has an active product');
  const [project] = await list('/api/project?limit=1');
  if (!project) throw new Error('GET /api/project: no items');
  console.log(`category ${category.id}, product ${product.id}, project ${project.id}`);
  // the comparison of two of the category's products
  const compared = (await list(`/api/products?limit=2&category_id=${category.id}`))
    .map((item) => String(item.id))
    .join(',');
  const pages = ['', '/en', '/uz']
    .flatMap((lang) => [
      lang || '/',
      `${lang}/catalog/${category.id}`,
      `${lang}/catalog/${category.id}/products/${product.id}`,
      `${lang}/projects`,
      `${lang}/contacts`,
      `${lang}/compare?ids=${compared}`,
      // the conveyor calculator, computing a duty from its address
      `${lang}/calculator?material=gravel&capacity=300&length=60&lift=8`,
      // a search with results: the page, then Pagefind and the language's index
      `${lang}/search?q=${encodeURIComponent(QUERY[lang || '/ru'] ?? '')}`,
    ])
    .filter((path) => !args.only || path.includes(args.only));
  if (!pages.length) throw new Error(`no page matches --only ${args.only}`);

  const chromePort = await freePort();
  const chromeArgs = [`--remote-debugging-port=${chromePort}`, `--user-data-dir=${profile}`];
  const chrome = launch(CHROME, [...CHROME_FLAGS, ...chromeArgs], { stdio: 'ignore' });
  for (const deadline = Date.now() + 30_000; !browser; await sleep(200)) {
    if (chrome.exitCode !== null || Date.now() > deadline)
      throw new Error('Chromium did not start');
    const reply = await fetch(`http://127.0.0.1:${chromePort}/json/version`).catch(() => null);
    browser = reply?.ok ? ((await reply.json()) as { Browser: string }).Browser : '';
  }

  for (const path of pages) {
    const budget = ['/', '/en', '/uz'].includes(path) ? BUDGET.home : BUDGET.other;
    const row: Row = { path, budget, verdict: 'ERROR' };
    if (chrome.exitCode !== null) throw new Error(`Chromium exited with ${chrome.exitCode}`);
    rows.push(row);
    try {
      const status = (await fetch(base + path)).status;
      if (status !== 200) throw new Error(`HTTP ${status}`);
      const measured: Metrics[] = [];
      for (let run = 1; run <= runs; run++) {
        console.log(`lighthouse ${path} (run ${run}/${runs}) …`);
        const flags = { port: chromePort, logLevel: 'error', onlyCategories: CATEGORIES } as const;
        // A failed run (a lost trace on a busy machine, say) is tried once more.
        let result = await lighthouse(base + path, flags);
        if (result?.lhr.runtimeError) result = await lighthouse(base + path, flags);
        if (!result) throw new Error('Lighthouse returned nothing');
        const failure = result.lhr.runtimeError;
        if (failure)
          throw new Error(`${failure.code}: ${failure.message.replace(/\s*\(\w+\)$/, '')}`);
        lighthouseVersion = result.lhr.lighthouseVersion;
        measured.push(await metrics(result.lhr));
      }
      const sorted = [...measured].sort((a, b) => (a.performance ?? -1) - (b.performance ?? -1));
      Object.assign(row, sorted[Math.floor((sorted.length - 1) / 2)], { allRuns: measured });
      row.verdict = row.jsGzip! <= budget ? 'OK' : 'OVER';
    } catch (error) {
      row.error = error instanceof Error ? error.message : String(error);
    }
  }
} catch (error) {
  console.error(`bench:site could not run: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  for (const child of [...children].reverse()) await stop(child);
  await rm(profile, { recursive: true, force: true });
}
if (process.exitCode) process.exit();

// The table: scores below 100 carry a '*'.
const kb = (bytes: number | undefined) => (bytes === undefined ? '' : (bytes / KB).toFixed(1));
const mark = (score: number | null | undefined) =>
  score === undefined ? '' : score === null ? '?' : score < 100 ? `${score}*` : `${score}`;
const header = ['page', 'perf', 'a11y', 'bp', 'seo', 'LCP ms', 'TBT ms', 'CLS'];
const table = [
  [...header, 'JS kB', 'JS gz kB', 'budget', 'JS'],
  ...rows.map((row) =>
    row.error
      ? [row.path, `ERROR: ${row.error}`]
      : [row.path, ...[row.performance, row.accessibility, row.bestPractices, row.seo].map(mark)]
          .concat([row.lcpMs, row.tbtMs].map((ms) => String(Math.round(ms ?? 0))))
          .concat([(row.cls ?? 0).toFixed(3), kb(row.jsTransfer), kb(row.jsGzip)])
          .concat([`${row.budget / KB}`, row.verdict]),
  ),
];
const full = table.filter((line) => line.length > 2); // error rows span the columns
const widths = table[0]!.map((_, i) => Math.max(...full.map((line) => line[i]!.length)));
const format = (line: string[]) =>
  line.length === 2 && line[1]!.startsWith('ERROR')
    ? `${line[0]!.padEnd(widths[0]!)}  ${line[1]}`
    : line.map((cell, i) => (i ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!))).join('  ');
console.log(`\nLighthouse ${lighthouseVersion || '?'}, mobile, simulated throttling; ${browser}`);
console.log(table.map(format).join('\n'));
const perfect = (row: Row) =>
  [row.performance, row.accessibility, row.bestPractices, row.seo].every((s) => s === 100);
// what a page below 100 missed
for (const row of rows.filter((row) => !row.error && !perfect(row))) {
  console.log(
    `${row.path}: ${[...row.missed!, ...row.moved!.map((m) => `moved ${m}`)].join('; ')}`,
  );
}

const measured = rows.filter((row) => !row.error);
const count = (test: (row: Row) => boolean) => measured.filter(test).length;
const total = (pick: (row: Row) => number | null | undefined) =>
  measured.reduce((sum, row) => sum + (pick(row) ?? 0), 0);
console.log(
  `\n${measured.length} of ${rows.length} pages measured, ${rows.length - measured.length} errors; ` +
    `JS budget OK on ${count((row) => row.verdict === 'OK')}, OVER on ${count((row) => row.verdict === 'OVER')}; ` +
    `all four scores 100 on ${count(perfect)}; mean performance ` +
    `${(total((row) => row.performance) / (measured.length || 1)).toFixed(0)}; JS over all ` +
    `pages ${kb(total((row) => row.jsGzip))} kB gzipped (${kb(total((row) => row.jsTransfer))} kB transferred)`,
);
console.log(
  `* below 100; budgets on gzipped JS: home ${BUDGET.home / KB} kB, other ${BUDGET.other / KB} kB`,
);
console.log(`command: ${command}`);

await mkdir(join(ROOT, '.cache'), { recursive: true });
const out = join(ROOT, '.cache', 'bench-site.json');
const json = { date: new Date().toISOString(), command, runs, lighthouseVersion, browser, rows };
await writeFile(out, JSON.stringify(json, null, 2));
console.log(`raw results: ${out}`);
