// `pnpm bench:soak`: ten minutes of a working day at once, to show that nothing fails and
// nothing leaks.
//
// Starts the real server on a temporary SQLite database (or BENCH_DATABASE_URL's PostgreSQL)
// with the demo content and publishing on; runs visitors, contact-form posts, a product save
// every BENCH_EDIT_SECONDS (20) and one `pnpm backup` halfway, for BENCH_SOAK_SECONDS (600),
// sampling the server's memory and open descriptors every BENCH_SAMPLE_SECONDS (10).
// Targets: 0 failed requests; over the second half, memory growing under 1 MB/min and
// descriptors under 1/min. Details: docs/benchmarks.md.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '@conveyor/api/config';
import { freePort } from '../lib/free-port.ts';

const seconds = Number(process.env.BENCH_SOAK_SECONDS ?? 600);
const editEveryMs = Number(process.env.BENCH_EDIT_SECONDS ?? 20) * 1000;
const sampleEveryMs = Number(process.env.BENCH_SAMPLE_SECONDS ?? 10) * 1000;
const databaseUrl = process.env.BENCH_DATABASE_URL ?? '';
const PASSWORD = 'bench-password-1';
const TARGET = { memoryMbPerMin: 1, fdsPerMin: 1 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const dataDir = await mkdtemp(join(tmpdir(), 'conveyor-bench-soak-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  DATABASE_URL: databaseUrl,
  PORT: String(port),
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  SEED_DEMO: 'true',
  ADMIN_PASSWORD: PASSWORD,
  PUBLISH_ENABLED: 'true',
  PUBLISH_DEBOUNCE_MS: '2000',
  TRUST_PROXY: 'true',
  // visitors come from many addresses; one address's limit is not what this measures
  FORM_RATE_LIMIT: '100000',
  MALLOC_ARENA_MAX: '2',
};
const server: ChildProcess = spawn(process.execPath, [join(REPO_ROOT, 'api', 'src', 'server.ts')], {
  cwd: REPO_ROOT,
  env,
  stdio: ['ignore', 'inherit', 'inherit'],
});
let stopping = false;
server.on('exit', (code) => {
  if (!stopping) {
    console.error(`the server stopped during the soak (exit ${code})`);
    process.exit(1);
  }
});

async function stop(code: number): Promise<never> {
  stopping = true;
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  await rm(dataDir, { recursive: true, force: true });
  process.exit(code);
}

/** Waits for a condition, failing the bench after `limitMs`. */
async function waitFor(what: string, check: () => Promise<boolean>, limitMs: number) {
  const deadline = Date.now() + limitMs;
  for (;;) {
    try {
      if (await check()) return;
    } catch {
      // not there yet
    }
    if (Date.now() > deadline) {
      console.error(`gave up waiting for ${what}`);
      await stop(1);
    }
    await sleep(250);
  }
}

await waitFor('the API', async () => (await fetch(`${base}/api/health`)).ok, 60_000);
// the first release, whole: the site is built from the demo content at the first start, and
// goes live with its pages before its pictures; its sitemap is written last
await waitFor(
  'the first site release',
  async () => (await fetch(`${base}/sitemap-0.xml`)).ok,
  600_000,
);

const signIn = await fetch(`${base}/api/signin`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ user_name: 'admin', password: PASSWORD }),
});
const token = ((await signIn.json()) as { data: string }).data;
const staff = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

// The pages a visitor can reach: the site's own sitemap, as paths on this server.
const sitemap = await (await fetch(`${base}/sitemap-0.xml`)).text();
const pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
if (pages.length === 0) {
  console.error('the sitemap lists no pages');
  await stop(1);
}
const products = (
  (await (await fetch(`${base}/api/products?limit=50`)).json()) as {
    data: { id: number; description_uz: string }[];
  }
).data;

interface Tally {
  requests: number;
  failed: number;
  errors: Map<string, number>;
}
const tally: Tally = { requests: 0, failed: 0, errors: new Map() };
function fail(what: string) {
  tally.failed += 1;
  tally.errors.set(what, (tally.errors.get(what) ?? 0) + 1);
}
/** One request; anything but the expected answer is a failure, named by what was asked. */
async function request(label: string, url: string, init: RequestInit = {}, expected = 200) {
  tally.requests += 1;
  try {
    const reply = await fetch(url, init);
    await reply.arrayBuffer();
    if (reply.status !== expected) fail(`${label}: ${reply.status}`);
  } catch (error) {
    fail(`${label}: ${(error as Error).message}`);
  }
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const started = Date.now();
const endAt = started + seconds * 1000;
const running = () => Date.now() < endAt;

async function visitor() {
  while (running()) {
    await request('page', base + pick(pages));
    await sleep(50);
  }
}
async function apiReader() {
  const paths = [
    '/api/categories',
    '/api/products?limit=10',
    '/api/project?limit=10',
    '/api/settings',
    ...products.map((p) => `/api/products/${p.id}`),
  ];
  while (running()) {
    await request('api read', base + pick(paths));
    await sleep(50);
  }
}
async function formPoster() {
  for (let n = 0; running(); n++) {
    await request(
      'form post',
      `${base}/api/leads`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${n % 250}` },
        body: JSON.stringify({ name: `Soak ${n}`, phone: '+998901234567', message: 'soak' }),
      },
      201,
    );
    await sleep(500);
  }
}
async function editor() {
  for (let n = 0; running(); n++) {
    const product = pick(products);
    await request('staff edit', `${base}/api/products/${product.id}`, {
      method: 'PUT',
      headers: staff,
      body: JSON.stringify({ description_uz: `${product.description_uz} (${n})` }),
    });
    await sleep(editEveryMs);
  }
}

interface BackupOutcome {
  ok: boolean;
  ms: number;
  bytes: number;
  output: string;
}
// set by backupHalfway(); typed wide so that the check after the run is not narrowed to null
let backup = null as BackupOutcome | null;
async function backupHalfway() {
  await sleep((seconds * 1000) / 2);
  const file = join(dataDir, 'soak-backup.tar.gz');
  const at = Date.now();
  const child = spawn(
    process.execPath,
    [join(REPO_ROOT, 'api', 'src', 'backup', 'cli.ts'), 'backup', file],
    {
      cwd: REPO_ROOT,
      env,
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  const bytes = code === 0 ? (await stat(file)).size : 0;
  backup = { ok: code === 0, ms: Date.now() - at, bytes, output: output.trim() };
  if (code !== 0) fail(`backup: exit ${code}`);
}

interface Sample {
  atS: number;
  rssMb: number;
  fds: number;
  requests: number;
  failed: number;
}
const samples: Sample[] = [];
async function sample() {
  const status = await readFile(`/proc/${server.pid}/status`, 'utf8');
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  const fds = (await readdir(`/proc/${server.pid}/fd`)).length;
  samples.push({
    atS: Math.round((Date.now() - started) / 1000),
    rssMb: Math.round(rssKb / 102.4) / 10,
    fds,
    requests: tally.requests,
    failed: tally.failed,
  });
}
async function sampler() {
  while (running()) {
    await sample();
    await sleep(sampleEveryMs);
  }
  await sample();
}

console.log(
  `soak: ${seconds} s on ${databaseUrl ? 'PostgreSQL' : 'SQLite'}, ${pages.length} pages, ` +
    `${products.length} products; a save every ${editEveryMs / 1000} s, a backup at ${seconds / 2} s`,
);
await Promise.all([
  visitor(),
  visitor(),
  visitor(),
  apiReader(),
  apiReader(),
  formPoster(),
  editor(),
  backupHalfway(),
  sampler(),
]);

/** The slope of a least-squares line through (x, y), per unit of x. */
function slope(points: [number, number][]): number {
  const n = points.length;
  if (n < 2) return 0;
  const mx = points.reduce((s, [x]) => s + x, 0) / n;
  const my = points.reduce((s, [, y]) => s + y, 0) / n;
  const num = points.reduce((s, [x, y]) => s + (x - mx) * (y - my), 0);
  const den = points.reduce((s, [x]) => s + (x - mx) ** 2, 0);
  return den === 0 ? 0 : num / den;
}

console.log('\n  time   RSS MB   fds   requests   failed');
for (const s of samples) {
  console.log(
    `${String(s.atS).padStart(5)} s ${s.rssMb.toFixed(1).padStart(8)} ${String(s.fds).padStart(5)}` +
      ` ${String(s.requests).padStart(10)} ${String(s.failed).padStart(8)}`,
  );
}
// The first half warms up (caches, compiled code, the first rebuilds); a leak shows as a
// steady rise after that.
const later = samples.filter((s) => s.atS >= seconds / 2);
const memoryPerMin = slope(later.map((s) => [s.atS / 60, s.rssMb]));
const fdsPerMin = slope(later.map((s) => [s.atS / 60, s.fds]));
const builds = (
  (await (await fetch(`${base}/api/publishing`, { headers: staff })).json()) as {
    data: { history: { status: string }[] };
  }
).data.history;
console.log(
  `\n${tally.requests} requests, ${tally.failed} failed` +
    (tally.failed ? `: ${[...tally.errors].map(([what, n]) => `${what} ×${n}`).join(', ')}` : ''),
);
if (builds.length) {
  const byStatus = Object.groupBy(builds, (b) => b.status);
  console.log(
    `recent builds (newest ${builds.length}): ${Object.entries(byStatus)
      .map(([status, list]) => `${list?.length} ${status}`)
      .join(', ')}`,
  );
}
const finished = backup;
console.log(
  finished
    ? `backup: ${finished.ok ? 'written' : 'FAILED'} in ${finished.ms} ms, ${(finished.bytes / 1024 / 1024).toFixed(1)} MB`
    : 'backup: did not run',
);
if (finished && !finished.ok) console.log(finished.output);
console.log(
  `second half: memory ${memoryPerMin.toFixed(2)} MB/min (target < ${TARGET.memoryMbPerMin}), ` +
    `descriptors ${fdsPerMin.toFixed(2)}/min (target < ${TARGET.fdsPerMin})`,
);
const ok =
  tally.failed === 0 &&
  finished?.ok === true &&
  memoryPerMin < TARGET.memoryMbPerMin &&
  fdsPerMin < TARGET.fdsPerMin;
console.log(ok ? 'all targets met' : 'a target was missed');
await stop(ok ? 0 : 1);
