import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The API's entry point, run as `pnpm start` runs it. */
export const SERVER = fileURLToPath(new URL('../../src/server.ts', import.meta.url));
export const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

export interface Running {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  /** Where it listens: known once `ready` returned (the port is the kernel's choice). */
  url: string;
}

/** The address the server's start-up banner names (api/src/main.ts). */
const BANNER = /Conveyor catalogue: (http:\/\/[^\s/]+)\//;

/**
 * Starts the server as a process on a port the kernel gives it (PORT=0), unless `port` names
 * one. A port picked beforehand (a listener opened and closed) could be taken by another test's
 * server before this one binds it, and this test would then talk to that server: the whole check
 * starts dozens of them at once.
 */
export function run(env: Record<string, string>, port = 0): Running {
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
  return {
    child,
    output: () => output,
    exited,
    url: port === 0 ? '' : `http://127.0.0.1:${port}`,
  };
}

/** Waits until the server named its address and answers its health check there. */
export async function ready(server: Running, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`server exited:\n${server.output()}`);
    const named = BANNER.exec(server.output())?.[1];
    if (named) server.url = named;
    try {
      if (named && (await fetch(`${server.url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not start:\n${server.output()}`);
}
