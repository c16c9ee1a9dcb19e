import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { freePort } from './free-port.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A build of the publishing screen's history (GET /api/publishing), as the benchmarks read it. */
export interface BuildRow {
  id: number;
  status: string;
  durationMs: number | null;
  pages: number | null;
  logTail: string | null;
  error: string | null;
}

/** The whole product a benchmark runs against, signed in as the demo's admin. */
export interface RunningProduct {
  base: string;
  /** The admin's bearer header. */
  auth: { authorization: string };
  /** An API call as staff; answers its `data`, throws on an error status. */
  // the API answers what its schema documents; these scripts read a few fields of it
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  call: (method: string, path: string, body?: unknown) => Promise<any>;
  /** Stops the server and what it started (its process group). */
  stop: () => void;
}

/** An API at `base` signed in to as its admin: the bearer header, and a staff call. */
export async function signedIn(
  base: string,
  password: string,
): Promise<Pick<RunningProduct, 'auth' | 'call'>> {
  const signin = await fetch(`${base}/api/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user_name: 'admin', password }),
  });
  const token = ((await signin.json()) as { data: string }).data;
  const auth = { authorization: `Bearer ${token}` };
  const call = async (method: string, path: string, body?: unknown) => {
    const reply = await fetch(`${base}/api${path}`, {
      method,
      headers: { ...auth, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!reply.ok) throw new Error(`${method} ${path}: ${reply.status} ${await reply.text()}`);
    return ((await reply.json()) as { data: unknown }).data;
  };
  return { auth, call };
}

/**
 * Starts the whole product (scripts/e2e/server.ts: a temporary database with the demo, the site
 * published) on a free loopback port, in a process group of its own that a Ctrl+C stops too,
 * and answers once the site is published (at most 5 minutes).
 */
export async function startProduct(env: Record<string, string> = {}): Promise<RunningProduct> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  console.log(`starting the product on ${base} …`);
  const server: ChildProcess = spawn(
    process.execPath,
    [join(ROOT, 'scripts', 'e2e', 'server.ts')],
    {
      cwd: ROOT,
      env: { ...process.env, PORT: String(port), ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
      detached: true,
    },
  );
  const stop = () => {
    try {
      if (server.pid) process.kill(-server.pid, 'SIGTERM');
    } catch {
      // gone already
    }
  };
  process.once('SIGINT', () => {
    stop();
    process.exit(130);
  });
  try {
    let published = false;
    createInterface({ input: server.stdout! }).on('line', (line) => {
      if (line.includes('e2e site published')) published = true;
    });
    for (const started = Date.now(); !published; await sleep(500)) {
      if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
      if (Date.now() - started > 5 * 60_000) throw new Error('the site was not published in 5 min');
    }
    const { auth, call } = await signedIn(base, 'admin-password-1');
    return { base, auth, call, stop };
  } catch (error) {
    stop();
    throw error;
  }
}
