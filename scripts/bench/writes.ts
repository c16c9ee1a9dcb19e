// `pnpm bench:writes`: what durability costs the write path on SQLite.
//
// Leads are the data the company cannot re-create, so SQLite runs with synchronous=FULL: every
// commit is synced to disk before the API answers, and an acknowledged lead survives a power
// loss (with NORMAL, a crash of the process loses nothing, but a power loss may lose the last
// commits). This posts contact-form leads through the real server with autocannon, once with
// FULL (the default) and once with NORMAL, and prints req/s and latency for each.
//
//   BENCH_SECONDS (8)  BENCH_CONNECTIONS (10)
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { REPO_ROOT } from '@conveyor/api/config';
import { freePort } from '../lib/free-port.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

async function startServer(dataDir: string, synchronous: string) {
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    [join(REPO_ROOT, 'api', 'src', 'server.ts')],
    {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        HOST: '127.0.0.1',
        PORT: String(port),
        LOG_LEVEL: 'warn',
        SEED_DEMO: 'false',
        SERVE_FRONTENDS: 'false',
        PUBLISH_ENABLED: 'false',
        FORM_RATE_LIMIT: '100000000',
        SQLITE_SYNCHRONOUS: synchronous,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 300; attempt++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { child, url };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error('the server did not start within 30 s');
}

const rows = [];
for (const synchronous of ['FULL', 'NORMAL']) {
  const dataDir = await mkdtemp(join(tmpdir(), 'conveyor-bench-writes-'));
  const { child, url } = await startServer(dataDir, synchronous);
  try {
    const post = {
      url: `${url}/api/leads`,
      method: 'POST' as const,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Aziz Karimov',
        phone: '+998 90 123 45 67',
        email: 'aziz@example.uz',
        message: 'We need a belt conveyor of 12 m for grain, 40 t/h. Please call back.',
      }),
      connections,
    };
    console.log(`posting leads with synchronous=${synchronous} (${connections} connections) …`);
    await autocannon({ ...post, duration: 2 });
    const result = await autocannon({ ...post, duration: seconds });
    rows.push({
      synchronous,
      'leads/s': Math.round(result.requests.average),
      'p50 ms': result.latency.p50,
      'p99 ms': result.latency.p99,
      errors: result.errors + result.non2xx + result.timeouts,
    });
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    await rm(dataDir, { recursive: true, force: true });
  }
}
console.log(`\nPOST /api/leads on SQLite (WAL), Node ${process.versions.node}, ${seconds} s each`);
console.table(rows);
const [full, normal] = rows;
if (full && normal) {
  const cost = 100 * (1 - full['leads/s'] / normal['leads/s']);
  console.log(`FULL costs ${cost.toFixed(0)} % of NORMAL's write throughput on this disk`);
}
process.exitCode = rows.some((row) => row.errors > 0) ? 1 : 0;
