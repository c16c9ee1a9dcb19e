// `pnpm bench:lean`: what the product holds and how close to a bare server it reads (memory at
// rest and under load, edits going live, reads, the back office's size, a fresh clone's start),
// in one run, each figure next to its goal.
//
//  1. `npm start` on a fresh data folder (the demo catalogue): an edit saved the moment the first
//     release's pages are live (its pictures still encoding) and how long it takes to be live;
//     then the whole process tree's memory at rest (REST seconds after the site published),
//     once after that first start and once after a later edit's build; then the API process
//     under a mixed flood (reads, forms, refused multipart) for FLOOD seconds, its memory
//     sampled every 250 ms.
//  2. The build worker's peak memory while it builds the site of the demo plus PRODUCTS products
//     (the first build, then an edit's), sampled every 100 ms (the worker and its esbuild).
//  3. Reads on that database: a list page and a product, by a bare Fastify + node:sqlite server
//     (scripts/bench/bareServer.ts), by the API with its public cache off (what the first read
//     after an edit and every staff read get), and with it on: the three servers up together,
//     read in turn for ROUNDS rounds, each read's load generator a process of its own; the
//     API's figures are the medians of each round's ratio to the bare server.
//  4. The back office's initial JavaScript (scripts/bench/admin.ts).
//  5. A fresh clone started with `npm start` under the machine's own Node and empty caches: when
//     the site answers, and when its pictures are in (skip with --skip-fresh).
//
//   --rest 60  --flood 60  --products 1000  --seconds 4 (per read)  --rounds 3  --skip-fresh
//   --only start,worker,reads,admin,fresh (some parts alone)
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { buildApp } from '@conveyor/api/app';
import { loadConfig, REPO_ROOT } from '@conveyor/api/config';
import { seedBulkProducts, seedDemo } from '@conveyor/api/seed';
import { freePort } from '../lib/free-port.ts';
import { type ProcessMemory, processTree, role } from '../lib/processes.ts';
import { signedIn } from '../lib/product.ts';

const { values: args } = parseArgs({
  options: {
    rest: { type: 'string', default: '60' },
    flood: { type: 'string', default: '60' },
    products: { type: 'string', default: '1000' },
    seconds: { type: 'string', default: '4' },
    rounds: { type: 'string', default: '3' },
    'skip-fresh': { type: 'boolean', default: false },
    only: { type: 'string' },
  },
});
/** `--only worker,reads`: those parts alone (start, worker, reads, admin, fresh). */
const only = args.only?.split(',');
const runs = (part: string) => !only || only.includes(part);
const REST_S = Number(args.rest);
const FLOOD_S = Number(args.flood);
const PRODUCTS = Number(args.products);
const READ_S = Number(args.seconds);
const ROUNDS = Number(args.rounds);
const PASSWORD = 'bench-password-1';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (kb: number) => Math.round(kb / 1024);

/** What each part measured, for the summary: [figure, measured, goal, met]. */
const summary: [string, string, string, boolean][] = [];
const cleanups: (() => Promise<void> | void)[] = [];

/** The machine's PATH without this repository's tools: what a newcomer's shell has. */
const machinePath = (process.env.PATH ?? '')
  .split(delimiter)
  .filter((dir) => !dir.startsWith(join(REPO_ROOT, '.tools')) && !dir.includes('node_modules'))
  .join(delimiter);

interface Started {
  child: ChildProcess;
  base: string;
  /** Resolves at the first output line that contains `text` (at most `ms`). */
  line: (text: string, ms?: number) => Promise<number>;
  /** When the first line containing `text` came (performance.now()), if it did. */
  seenAt: (text: string) => number | undefined;
  stop: () => Promise<void>;
}

/** Starts a command in a process group of its own and watches its output. */
async function start(
  command: string,
  commandArgs: string[],
  env: Record<string, string>,
  cwd = REPO_ROOT,
): Promise<Started> {
  const port = Number(env.PORT ?? (await freePort()));
  const child = spawn(command, commandArgs, {
    cwd,
    env: { ...process.env, LOG_PRETTY: 'false', PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const seen: string[] = [];
  const times: number[] = [];
  const waiters: { text: string; resolve: (at: number) => void }[] = [];
  for (const stream of [child.stdout!, child.stderr!]) {
    createInterface({ input: stream }).on('line', (text) => {
      seen.push(text);
      times.push(performance.now());
      for (const waiter of waiters.filter((w) => text.includes(w.text))) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(performance.now());
      }
    });
  }
  const line = (text: string, ms = 10 * 60_000) =>
    new Promise<number>((resolve, reject) => {
      if (seen.some((s) => s.includes(text))) return resolve(performance.now());
      const timer = setTimeout(() => {
        console.error(seen.slice(-30).join('\n'));
        reject(new Error(`no "${text}" within ${ms / 1000} s`));
      }, ms);
      waiters.push({
        text,
        resolve: (at) => {
          clearTimeout(timer);
          resolve(at);
        },
      });
    });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      process.kill(-child.pid!, 'SIGINT');
    } catch {
      return;
    }
    await Promise.race([exited, sleep(20_000)]);
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // ended
    }
  };
  cleanups.push(stop);
  const seenAt = (text: string) => {
    const index = seen.findIndex((s) => s.includes(text));
    return index < 0 ? undefined : times[index];
  };
  return { child, base: `http://127.0.0.1:${port}`, line, seenAt, stop };
}

/** Renames product 1 and answers how long until its page on the site shows the new name. */
async function editUntilLive(base: string): Promise<number> {
  const { call } = await signedIn(base, PASSWORD);
  const product = await call('GET', '/products/1');
  const name = `${product.name_ru.replace(/ \d+$/, '')} ${Date.now()}`;
  const started = performance.now();
  await call('PUT', '/products/1', { name_ru: name });
  const page = `${base}/catalog/${product.category_id}/products/1`;
  while (!(await fetch(page).then((r) => (r.ok ? r.text() : ''))).includes(name)) {
    if (performance.now() - started > 180_000) throw new Error('the edit never went live');
    await sleep(100);
  }
  return (performance.now() - started) / 1000;
}

function printTree(title: string, tree: ProcessMemory[]): number {
  console.log(`\n${title}`);
  console.table(
    tree.map((entry) => ({
      process: role(entry.command),
      pid: entry.pid,
      'RSS MB': mb(entry.rssKb),
    })),
  );
  const total = tree.reduce((sum, entry) => sum + entry.rssKb, 0);
  console.log(`  whole tree: ${mb(total)} MB RSS`);
  return mb(total);
}

async function partStart(): Promise<void> {
  console.log('\n== 1. npm start on a fresh data folder ==');
  const dataDir = await mkdtemp(join(tmpdir(), 'conveyor-lean-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const npm = await start('npm', ['start'], {
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: PASSWORD,
    BOOTSTRAP_SKIP_INSTALL: '1',
    PATH: machinePath,
  });
  await npm.line('the site is live; its pictures are being encoded');
  const early = await editUntilLive(npm.base);
  console.log(
    `an edit saved as the first release's pages went live: live after ${early.toFixed(1)} s`,
  );
  summary.push([
    'edit right after a first start → live',
    `${early.toFixed(1)} s`,
    '≤ 5 s',
    early <= 5,
  ]);
  await npm.line('the pictures are in: the site is complete');
  // the edit's own build, if it waited for the first one
  await sleep(3000);
  console.log(`resting ${REST_S} s …`);
  await sleep(REST_S * 1000);
  const first = printTree(
    'at rest after the first start (and that edit)',
    processTree(npm.child.pid!),
  );
  summary.push(['memory at rest after a first start', `${first} MB`, '≤ 300 MB', first <= 300]);
  const again = await editUntilLive(npm.base);
  console.log(`another edit: live after ${again.toFixed(1)} s; resting ${REST_S} s …`);
  summary.push(['a later edit → live', `${again.toFixed(1)} s`, '≤ 5 s', again <= 5]);
  await sleep(REST_S * 1000);
  const second = printTree('at rest after an edit', processTree(npm.child.pid!));
  summary.push(['memory at rest after an edit', `${second} MB`, '≤ 300 MB', second <= 300]);

  const api = processTree(npm.child.pid!).find((entry) => role(entry.command) === 'API server');
  if (!api) throw new Error('no API server process under npm');
  console.log(`\nflooding the API for ${FLOOD_S} s (reads, forms, refused multipart) …`);
  let peak = 0;
  const sampler = setInterval(() => {
    const now = processTree(api.pid)[0];
    if (now) peak = Math.max(peak, now.rssKb);
  }, 250);
  const form = new FormData();
  form.append('file', new Blob([Buffer.alloc(256 * 1024)]), 'x.bin');
  const multipart = new Request('http://x', { method: 'POST', body: form });
  const multipartBody = Buffer.from(await multipart.arrayBuffer());
  const flood = (opts: autocannon.Options) =>
    autocannon({ duration: FLOOD_S, connections: 10, ...opts });
  const results = await Promise.all([
    flood({
      url: npm.base,
      requests: [
        { method: 'GET', path: '/api/products?page=1&limit=20' },
        { method: 'GET', path: '/api/products/1' },
        { method: 'GET', path: '/api/categories' },
      ],
    }),
    flood({
      url: `${npm.base}/api/leads`,
      connections: 4,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Bench',
        email: 'bench@example.uz',
        phone: '',
        message: 'lean',
      }),
    }),
    flood({
      url: `${npm.base}/api/leads`,
      connections: 4,
      method: 'POST',
      headers: { 'content-type': multipart.headers.get('content-type')! },
      body: multipartBody,
    }),
  ]);
  clearInterval(sampler);
  const end = processTree(api.pid)[0]?.rssKb ?? 0;
  const requests = results.reduce((sum, result) => sum + result.requests.total, 0);
  console.log(`  ${requests} requests; API RSS at the end ${mb(end)} MB, peak ${mb(peak)} MB`);
  summary.push([`API after a ${FLOOD_S} s flood`, `${mb(end)} MB`, '≤ 200 MB', mb(end) <= 200]);
  summary.push(['API peak during the flood', `${mb(peak)} MB`, '≤ 250 MB', mb(peak) <= 250]);
  await npm.stop();
}

async function seededDatabase(): Promise<string> {
  const dataDir = await mkdtemp(join(tmpdir(), 'conveyor-lean-big-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  console.log(`\nseeding the demo and ${PRODUCTS} more products …`);
  const app = await buildApp(
    loadConfig({
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD: PASSWORD,
      SEED_DEMO: false,
    }),
  );
  await seedDemo(app.db, app.images, app.log);
  await app.db.kysely.transaction().execute((trx) => seedBulkProducts(trx, PRODUCTS));
  await app.close();
  return dataDir;
}

async function partWorker(dataDir: string): Promise<void> {
  console.log(`\n== 2. the build worker at ${PRODUCTS} products ==`);
  const server = await start(process.execPath, [join(REPO_ROOT, 'api', 'src', 'server.ts')], {
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    ADMIN_PASSWORD: PASSWORD,
    PUBLISH_ENABLED: 'true',
  });
  let peak = 0;
  const sampler = setInterval(() => {
    // each worker with its esbuild; a spare loading beside it counts apart
    const workers = processTree(server.child.pid!).filter(
      (entry) => role(entry.command) === 'build worker',
    );
    for (const worker of workers) {
      const own = processTree(worker.pid).reduce((sum, entry) => sum + entry.rssKb, 0);
      peak = Math.max(peak, own);
    }
  }, 100);
  await server.line('site published');
  const firstPeak = peak;
  peak = 0;
  const live = await editUntilLive(server.base);
  await sleep(2000);
  clearInterval(sampler);
  console.log(
    `  first build: worker peak ${mb(firstPeak)} MB; an edit's build: peak ${mb(peak)} MB, live after ${live.toFixed(1)} s`,
  );
  const worst = Math.max(firstPeak, peak);
  summary.push([
    `build worker peak at ${PRODUCTS} products`,
    `${mb(worst)} MB`,
    '≤ 400 MB',
    mb(worst) <= 400,
  ]);
  await server.stop();
}

interface Read {
  rps: number;
  p99: number;
  errors: number;
}
/** One measurement, its load generator a fresh process (scripts/bench/load.ts says why). */
function read(url: string, warmup: number): Read {
  const output = execFileSync(
    process.execPath,
    [join(REPO_ROOT, 'scripts', 'bench', 'load.ts'), url, '20', String(READ_S), String(warmup)],
    { cwd: REPO_ROOT, encoding: 'utf8' },
  );
  const result = JSON.parse(output.trim().split('\n').at(-1)!) as Read;
  return { ...result, rps: Math.round(result.rps) };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

async function partReads(dataDir: string): Promise<void> {
  console.log('\n== 3. reads: a bare server, the API uncached, the API cached ==');
  const paths = { list: '/api/products?page=1&limit=20', detail: '/api/products/1' } as const;
  const kinds = ['list', 'detail'] as const;
  const port = await freePort();
  const bare = await start(
    process.execPath,
    [
      join(REPO_ROOT, 'scripts', 'bench', 'bareServer.ts'),
      join(dataDir, 'catalogue.sqlite'),
      String(port),
    ],
    { PORT: String(port) },
  );
  await bare.line('bare server listening');
  const servers: [string, Started][] = [['bare Fastify + node:sqlite', bare]];
  for (const [name, cacheMb] of [
    ['API, cache off', '0'],
    ['API, cache on', '32'],
  ] as const) {
    const api = await start(process.execPath, [join(REPO_ROOT, 'api', 'src', 'server.ts')], {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      PUBLISH_ENABLED: 'false',
      PUBLIC_CACHE_MB: cacheMb,
    });
    await api.line('Conveyor catalogue:');
    servers.push([name, api]);
  }
  // Rounds, each reading every server in turn (the others idle): a minute in which the machine
  // is slower touches one round of each, and the medians leave it out.
  const measured = new Map<string, Read[]>();
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, server] of servers) {
      for (const kind of kinds) {
        const key = `${name}|${kind}`;
        measured.set(key, [
          ...(measured.get(key) ?? []),
          read(server.base + paths[kind], round === 0 ? 2 : 1),
        ]);
      }
    }
  }
  for (const [, server] of servers) await server.stop();
  const rows: Record<string, string | number>[] = [];
  for (const [name] of servers) {
    for (const kind of kinds) {
      const reads = measured.get(`${name}|${kind}`)!;
      rows.push({
        server: name,
        read: `${kind} ${paths[kind]}`,
        'req/s (rounds)': reads.map((r) => r.rps).join(' '),
        'median req/s': median(reads.map((r) => r.rps)),
        'p99 ms': median(reads.map((r) => r.p99)),
        errors: reads.reduce((sum, r) => sum + r.errors, 0),
      });
    }
  }
  console.table(rows);
  const bareReads = (kind: string) => measured.get(`bare Fastify + node:sqlite|${kind}`)!;
  for (const [name, goal] of [
    ['API, cache off', 0.5],
    ['API, cache on', 1],
  ] as const) {
    for (const kind of kinds) {
      // each round's ratio to the bare server's read of that round; their median
      const reads = measured.get(`${name}|${kind}`)!;
      const ratio = median(reads.map((r, i) => r.rps / bareReads(kind)[i]!.rps));
      summary.push([
        `${name}: ${kind} vs bare`,
        `${ratio.toFixed(2)}×`,
        `≥ ${goal}×`,
        ratio >= goal && reads.every((r) => r.errors === 0),
      ]);
    }
  }
}

function partAdmin(): void {
  console.log("\n== 4. the back office's initial JavaScript ==");
  const output = execFileSync(process.execPath, [join(REPO_ROOT, 'scripts', 'bench', 'admin.ts')], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  });
  process.stdout.write(output);
  const kb = Number(/first screen JavaScript: ([\d.]+) kB/.exec(output)?.[1]);
  summary.push(['back office initial JavaScript (gzip)', `${kb} kB`, '≤ 200 kB', kb <= 200]);
}

async function partFresh(): Promise<void> {
  console.log("\n== 5. a fresh clone: npm start with the machine's Node and empty caches ==");
  const dir = await mkdtemp(join(tmpdir(), 'conveyor-lean-clone-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  execFileSync('git', ['clone', '--quiet', REPO_ROOT, dir]);
  const home = join(dir, '.home');
  const started = performance.now();
  const npm = await start(
    'npm',
    ['start'],
    {
      PATH: machinePath,
      HOME: home,
      npm_config_cache: join(home, '.npm'),
      ADMIN_PASSWORD: PASSWORD,
    },
    dir,
  );
  let served: number;
  for (;;) {
    const ok = await fetch(`${npm.base}/`).then(
      (r) => r.ok && (r.headers.get('content-type') ?? '').includes('html'),
      () => false,
    );
    if (ok && (await fetch(`${npm.base}/`).then((r) => r.text())).includes('<main')) {
      served = (performance.now() - started) / 1000;
      break;
    }
    if (npm.child.exitCode !== null) throw new Error(`npm start ended with ${npm.child.exitCode}`);
    if (performance.now() - started > 15 * 60_000)
      throw new Error('the site was not served in 15 min');
    await sleep(250);
  }
  await npm.line('the pictures are in: the site is complete', 15 * 60_000);
  const complete = (performance.now() - started) / 1000;
  console.log(
    `  site served after ${served.toFixed(1)} s, every picture in after ${complete.toFixed(1)} s (Node ${execFileSync('node', ['--version'], { env: { PATH: machinePath }, encoding: 'utf8' }).trim()} on the machine)`,
  );
  // where the time went: the start's own milestones, from the moment npm start began, in the
  // order they came (the back office builds beside the server's start)
  const milestones: [string, string][] = [
    ['Node 24 and pnpm installed', '[bootstrap] checking dependencies'],
    [
      'pnpm fetched, dependencies installing while Node 24 downloads',
      '[bootstrap] installing dependencies while',
    ],
    ['Node 24 fetched', '[bootstrap] Node 24 fetched'],
    ['dependencies installed, server starting', '[start] starting the server'],
    ['server running, back office building beside it', '[start] building the back office'],
    [
      "server running, back office's dependencies installing beside it",
      "[start] installing the back office's dependencies",
    ],
    ['back office built', 'the back office built in'],
    ['server listening', 'Server listening'],
    ['demo content seeded', 'demo content seeded'],
    ['site live with its pages', 'the site is live'],
  ];
  const seen = milestones.flatMap(([what, text]) => {
    const at = npm.seenAt(text);
    return at === undefined ? [] : [{ what, at }];
  });
  for (const { what, at } of seen.sort((a, b) => a.at - b.at))
    console.log(`  ${((at - started) / 1000).toFixed(1).padStart(6)} s  ${what}`);
  summary.push(['fresh clone → site served', `${served.toFixed(1)} s`, '≤ 20 s', served <= 20]);
  summary.push([
    'fresh clone → every picture',
    `${complete.toFixed(1)} s`,
    '≤ 45 s',
    complete <= 45,
  ]);
  await npm.stop();
}

try {
  if (runs('start')) await partStart();
  const dataDir = runs('worker') || runs('reads') ? await seededDatabase() : '';
  if (runs('worker')) await partWorker(dataDir);
  if (runs('reads')) await partReads(dataDir);
  if (runs('admin')) partAdmin();
  if (runs('fresh') && !args['skip-fresh']) await partFresh();
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup();
}

console.log(
  `\npnpm bench:lean, ${new Date().toISOString().slice(0, 10)}, Node ${process.versions.node}, ${(await import('node:os')).cpus().length} cores`,
);
console.table(
  summary.map(([figure, measured, goal, met]) => ({
    figure,
    measured,
    goal,
    met: met ? 'yes' : 'NO',
  })),
);
