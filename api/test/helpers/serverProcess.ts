import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The API's entry point, run as `pnpm start` runs it. */
export const SERVER = fileURLToPath(new URL('../../src/server.ts', import.meta.url));
export const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

export interface Running {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  url: string;
}

export function run(env: Record<string, string>, port: number): Running {
  const child = spawn(process.execPath, [SERVER], {
    env: {
      ...process.env,
      LOG_LEVEL: 'info',
      LOG_PRETTY: 'false',
      HOST: '127.0.0.1',
      PORT: String(port),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited, url: `http://127.0.0.1:${port}` };
}

export async function ready(server: Running, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`server exited:\n${server.output()}`);
    try {
      if ((await fetch(`${server.url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not start:\n${server.output()}`);
}
