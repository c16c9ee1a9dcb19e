// `pnpm bench:abuse`: how much memory the server takes under abuse (many large bodies at once).
//
// Starts the real server (SQLite, a temporary data folder) in a child process and floods it:
// 20 anonymous posts of 5 × 10 MB file parts to routes that take no files, with 50 concurrent
// wrong-password sign-ins (throttles raised so that each is verified); then, on a fresh server,
// the same plus 10 concurrent staff uploads of a 12-megapixel photo. Prints resident memory at
// start, before and at the peak (VmHWM), and fails when a peak passes its ceiling: 300 MB, and
// 350 MB with the uploads. Details and results: docs/benchmarks.md.
//
//   BENCH_FLOODS (20)  BENCH_SIGNINS (50)  BENCH_UPLOADS (10)
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { REPO_ROOT } from '@conveyor/api/config';
import { freePort } from '../lib/free-port.ts';

const FLOODS = Number(process.env.BENCH_FLOODS ?? 20);
const SIGNINS = Number(process.env.BENCH_SIGNINS ?? 50);
const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 10);
const PASSWORD = 'bench-password-1';

/** Resident memory of a process in MB: now (VmRSS) and its peak so far (VmHWM). */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

async function run(
  name: string,
  floods: number,
  signIns: number,
  uploadCount: number,
  ceilingMb: number,
): Promise<boolean> {
  const dataDir = await mkdtemp(join(tmpdir(), 'conveyor-bench-abuse-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn(
    process.execPath,
    [join(REPO_ROOT, 'api', 'src', 'server.ts')],
    {
      env: {
        // as `npm start` runs the server (scripts/start.ts): fewer glibc malloc arenas, which
        // libvips' threads would otherwise each fill and keep
        MALLOC_ARENA_MAX: '2',
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        HOST: '127.0.0.1',
        PORT: String(port),
        LOG_LEVEL: process.env.LOG_LEVEL ?? 'error',
        SEED_DEMO: 'false',
        SERVE_FRONTENDS: 'false',
        PUBLISH_ENABLED: 'false',
        ADMIN_PASSWORD: PASSWORD,
        // every sign-in of the flood is verified: the worst case for memory
        SIGNIN_RATE_LIMIT: '100000',
        SIGNIN_IP_RATE_LIMIT: '100000',
        FORM_RATE_LIMIT: '100000',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );

  async function waitForServer(): Promise<void> {
    for (let attempt = 0; attempt < 300; attempt++) {
      if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
      try {
        if ((await fetch(`${url}/api/health`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the server did not start within 30 s');
  }

  const statuses = new Map<string, number>();
  let ok: boolean;
  const count = (what: string, status: number | string) => {
    const key = `${what} → ${status}`;
    statuses.set(key, (statuses.get(key) ?? 0) + 1);
  };

  try {
    await waitForServer();
    const atStart = memoryOf(server.pid!);
    console.log(`server started: ${atStart.rss.toFixed(0)} MB resident`);
    const token = (
      (await (
        await fetch(`${url}/api/signin`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ user_name: 'admin', password: PASSWORD }),
        })
      ).json()) as { data: string }
    ).data;
    // warm up the paths the flood takes, so the baseline includes what any use loads
    const photo = await sharp({
      create: {
        width: 4000,
        height: 3000,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 12 },
      },
    })
      .jpeg({ quality: 85 })
      .toBuffer();
    const upload = () => {
      const form = new FormData();
      form.set('name_ru', 'Нагрузка');
      form.set('image', new Blob([photo], { type: 'image/jpeg' }), 'photo.jpg');
      return fetch(`${url}/api/categories`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
    };
    await (await upload()).arrayBuffer();
    const pid = server.pid!;
    const before = memoryOf(pid);
    console.log(
      `server up: ${before.rss.toFixed(0)} MB resident after warm-up (peak so far ${before.peak.toFixed(0)} MB)`,
    );

    const junk = new Blob([Buffer.alloc(10_300_000, 1)]);
    const routes = ['/api/signin', '/api/leads', '/api/suppliers'];
    const flood = Array.from({ length: floods }, (_, i) => {
      const form = new FormData();
      form.set('user_name', 'x');
      form.set('password', 'y');
      for (let part = 1; part <= 5; part++) form.set(`f${part}`, junk, 'junk.bin');
      const route = routes[i % routes.length]!;
      return fetch(url + route, { method: 'POST', body: form })
        .then(async (reply) => {
          await reply.arrayBuffer();
          count(`49 MB multipart to ${route}`, reply.status);
        })
        .catch(() => count(`49 MB multipart to ${route}`, 'refused, connection closed mid-send'));
    });
    const guesses = Array.from({ length: signIns }, (_, i) =>
      fetch(`${url}/api/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ user_name: 'admin', password: `wrong-${i}` }),
      }).then(async (reply) => {
        await reply.arrayBuffer();
        count('sign-in, wrong password', reply.status);
      }),
    );
    const uploads = Array.from({ length: uploadCount }, () =>
      upload().then(async (reply) => {
        await reply.arrayBuffer();
        count('staff upload, 12 MP photo', reply.status);
      }),
    );
    let sampled = before.rss;
    const sampler = setInterval(() => {
      if (server.exitCode === null) sampled = Math.max(sampled, memoryOf(pid).rss);
    }, 20);
    const started = Date.now();
    await Promise.all([...flood, ...guesses, ...uploads]);
    clearInterval(sampler);
    const seconds = (Date.now() - started) / 1000;
    const after = memoryOf(pid);

    console.log(`\n${name}: SQLite, Node ${process.versions.node}, ${seconds.toFixed(1)} s`);
    console.table([...statuses].map(([answer, n]) => ({ answer, requests: n })));
    console.log(`resident before: ${before.rss.toFixed(0)} MB`);
    console.log(
      `resident peak:   ${after.peak.toFixed(0)} MB (VmHWM; sampled every 20 ms: ${sampled.toFixed(0)} MB)`,
    );
    console.log(`resident after:  ${after.rss.toFixed(0)} MB`);
    ok = after.peak <= ceilingMb;
    console.log(`ceiling ${ceilingMb} MB: ${ok ? 'kept' : 'EXCEEDED'}`);
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await rm(dataDir, { recursive: true, force: true });
  }
  return ok;
}

const results = [
  await run(`${FLOODS} × 49 MB multipart + ${SIGNINS} sign-ins`, FLOODS, SIGNINS, 0, 300),
  await run(
    `${FLOODS} × 49 MB multipart + ${SIGNINS} sign-ins + ${UPLOADS} uploads of 12 MP`,
    FLOODS,
    SIGNINS,
    UPLOADS,
    350,
  ),
];
process.exitCode = results.every(Boolean) ? 0 : 1;
