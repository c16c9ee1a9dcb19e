// `pnpm bench:api`: how fast the API answers the public catalogue's hottest reads.
//
// Seeds the demo content plus about 10,000 products into a temporary SQLite database, starts
// the real server in a child process (so the load generator does not share its event loop),
// then drives each URL with autocannon over loopback and prints req/s and p50/p99 latency.
// Target on a 2-core machine: >= 5,000 req/s on the list with p99 < 50 ms.
//
//   BENCH_PRODUCTS (10000)  BENCH_SECONDS (8)  BENCH_CONNECTIONS (20)
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { freePort } from '../lib/free-port.ts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '@conveyor/api/app';
import { loadConfig, REPO_ROOT } from '@conveyor/api/config';
import { seedBulkProducts, seedDemo } from '@conveyor/api/seed';

const products = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const TARGET = { rps: 5000, p99: 50 };

const dataDir = await mkdtemp(join(tmpdir(), 'conveyor-bench-'));
const env = {
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  LOG_LEVEL: 'warn',
  ADMIN_PASSWORD: 'bench-password-1',
};

console.log(`seeding the demo catalogue and ${products} more products into ${dataDir} …`);
const seeding = Date.now();
const app = await buildApp(loadConfig({ ...env, SEED_DEMO: false }));
await seedDemo(app.db, app.images, app.log);
await app.db.kysely.transaction().execute((trx) => seedBulkProducts(trx, products));
const sample = await app.db.kysely
  .selectFrom('products')
  .select('id')
  .where('is_active', '=', true)
  .orderBy('id', 'desc')
  .limit(1)
  .executeTakeFirstOrThrow();
await app.close();
console.log(`seeded in ${((Date.now() - seeding) / 1000).toFixed(1)} s`);

const base = { url: '' };

/** Starts the real server in a child process; resolves once /api/health answers. */
async function startServer(extraEnv: Record<string, string>): Promise<ChildProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(REPO_ROOT, 'api', 'src', 'server.ts')], {
    env: {
      ...process.env,
      ...env,
      ...extraEnv,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  base.url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 200; attempt++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base.url}/api/health`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error('the server did not start within 20 s');
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

interface Row {
  call: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function measure(call: string, path: string): Promise<Row> {
  // A short warm-up fills the statement caches and lets V8 optimise the hot paths.
  await autocannon({ url: base.url + path, connections, duration: 2 });
  const result = await autocannon({ url: base.url + path, connections, duration: seconds });
  return {
    call,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
  };
}

const calls: [string, string][] = [
  ['GET /api/products?page=1&limit=20', '/api/products?page=1&limit=20'],
  [`GET /api/products/{id}`, `/api/products/${sample.id}`],
  ['GET /api/categories', '/api/categories'],
];
// The default set-up (anonymous reads cached until content changes), then every call computed
// afresh from the database, which is what the first visitor after an edit gets.
const modes: [string, Record<string, string>][] = [
  ['public cache on (default)', {}],
  ['public cache off (PUBLIC_CACHE_MB=0)', { PUBLIC_CACHE_MB: '0' }],
];
const rows: (Row & { mode: string })[] = [];
try {
  for (const [mode, extraEnv] of modes) {
    const server = await startServer(extraEnv);
    try {
      for (const [call, path] of calls) {
        console.log(`measuring ${call}, ${mode} (${connections} connections, ${seconds} s) …`);
        rows.push({ mode, ...(await measure(call, path)) });
      }
    } finally {
      await stopServer(server);
    }
  }
} finally {
  await rm(dataDir, { recursive: true, force: true });
}

console.log(`\nAPI on SQLite, ${products} + demo products, Node ${process.versions.node}`);
console.table(
  rows.map((row) => ({
    mode: row.mode,
    call: row.call,
    'req/s': row.rps,
    'p50 ms': row.p50,
    'p99 ms': row.p99,
    errors: row.errors,
  })),
);
const list = rows[0]!;
const met = list.rps >= TARGET.rps && list.p99 < TARGET.p99 && list.errors === 0;
console.log(
  `list target (>= ${TARGET.rps} req/s, p99 < ${TARGET.p99} ms, no errors): ${met ? 'met' : 'NOT met'}`,
);
process.exitCode = rows.some((row) => row.errors > 0) ? 1 : 0;
