import { delimiter, dirname } from 'node:path';
import { spawn } from 'node:child_process';
import { ALLOCATOR_ENV } from '../lib/leanProcess.ts';

/** V8's semi-spaces of a build's Node processes (see buildEnvironment). */
const BUILD_HEAP_FLAG = '--max-semi-space-size=8';

/**
 * Running a build command as a process group of its own: its output kept as a tail of whole
 * lines, its environment without the API's secrets, and the whole group stopped on timeout or
 * shutdown.
 */

const TAIL_LINES = 40;
/** Longer lines of build output are cut, so one runaway line cannot fill the record. */
const MAX_LINE = 2000;

/**
 * Variables the build never sees: the API's own secrets and connections. The site build reads
 * only the API over HTTP (API_URL) and a few public settings.
 */
const SECRET_VARIABLE =
  /PASSWORD|SECRET|TOKEN|CREDENTIAL|PRIVATE_KEY|API_KEY|ACCESS_KEY|^(DATABASE_URL|REDIS_URL|SMTP_URL|TEST_POSTGRES_URL|PG[A-Z]+)$/i;

/**
 * The build's environment: this process's, without secrets, plus `extra`; the API's own Node
 * first on the PATH, whatever `node` the PATH would find otherwise; NODE_ENV production, as
 * `astro build` sets it when unset. The API's own (test in its tests, development when run so)
 * is not the site's: the build worker loads React before Astro would set it (site/scripts/
 * worker.mjs), and a release is a production build wherever the API runs.
 *
 * Its memory kept near what it uses, as the server's (lib/leanProcess.ts; values already set
 * win): the allocators' settings, and V8's semi-spaces at 8 MB (BUILD_HEAP_FLAG), which lower a
 * build's peak and cost it no time. (Not `--optimize-for-size`, which the server has: it makes
 * a build far slower.)
 */
export function buildEnvironment(
  extra: Record<string, string>,
  env: NodeJS.ProcessEnv = process.env,
): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    if (value !== undefined && !SECRET_VARIABLE.test(name)) kept[name] = value;
  }
  const path = [dirname(process.execPath), kept.PATH].filter(Boolean).join(delimiter);
  const options = kept.NODE_OPTIONS ?? '';
  const nodeOptions = options.includes('--max-semi-space-size')
    ? options
    : `${options} ${BUILD_HEAP_FLAG}`.trim();
  return {
    ...ALLOCATOR_ENV,
    ...kept,
    PATH: path,
    NODE_ENV: 'production',
    NODE_OPTIONS: nodeOptions,
    ...extra,
  };
}

/** '90 s', '10 min': a duration for a message. */
function duration(ms: number): string {
  return ms % 60_000 === 0 ? `${ms / 60_000} min` : `${+(ms / 1000).toFixed(1)} s`;
}

/**
 * The last lines of a process's output, as whole lines: each stream is split at its own line
 * ends (a chunk may end mid-line, and stdout and stderr interleave), blank lines are dropped.
 */
export class LogTail {
  readonly #max: number;
  #lines: string[] = [];

  constructor(max = TAIL_LINES) {
    this.#max = max;
  }

  /** A writer for one stream (text chunks); `end()` keeps a last line without a line end. */
  stream(): { write: (chunk: string) => void; end: () => void } {
    let partial = '';
    return {
      write: (chunk) => {
        const parts = (partial + chunk).split(/\r\n|\n|\r/);
        partial = (parts.pop() ?? '').slice(0, MAX_LINE + 1);
        for (const line of parts) this.#push(line);
      },
      end: () => {
        this.#push(partial);
        partial = '';
      },
    };
  }

  #push(line: string): void {
    if (!line.trim()) return;
    this.#lines.push(line.length > MAX_LINE ? `${line.slice(0, MAX_LINE)}…` : line);
    if (this.#lines.length > this.#max * 10) this.#lines.splice(0, this.#lines.length - this.#max);
  }

  text(): string {
    return this.#lines.slice(-this.#max).join('\n');
  }
}

/** Resolves with the promise's value, or with undefined after `ms`. */
export function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** Signals a whole process group; a group already gone is fine. */
export function killGroup(pid: number | undefined, signal: NodeJS.Signals): void {
  if (!pid) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // ESRCH: nothing of it is left
  }
}

export interface RunOutcome {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Why we stopped it (timeout, shutdown), or null when it ended by itself. */
  stopped: string | null;
  /** How many pages the release holds, when the build says so (the warm worker's). */
  pages?: number;
}

/**
 * Runs the build command in a process group of its own (detached), so that stopping it stops
 * everything it started: on timeout or abort the group gets SIGTERM, then SIGKILL after the
 * grace time.
 */
export async function runBuild(
  command: string,
  options: { cwd: string; env: Record<string, string>; timeoutMs: number; killGraceMs: number },
  tail: LogTail,
  signal?: AbortSignal,
): Promise<RunOutcome> {
  const child = spawn(command, {
    cwd: options.cwd,
    shell: true,
    detached: true,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout, child.stderr]) {
    const lines = tail.stream();
    stream.setEncoding('utf8');
    stream.on('data', lines.write);
    stream.on('end', lines.end);
  }
  const closed = new Promise<Omit<RunOutcome, 'stopped'>>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code, exitSignal) => resolve({ code, signal: exitSignal }));
  });
  let stopped: string | null = null;
  let forced: (() => void) | undefined;
  const gaveUp = new Promise<undefined>((resolve) => (forced = () => resolve(undefined)));
  const stop = async (why: string) => {
    if (stopped) return;
    stopped = why;
    killGroup(child.pid, 'SIGTERM');
    await within(
      closed.catch(() => undefined),
      options.killGraceMs,
    );
    killGroup(child.pid, 'SIGKILL'); // whatever ignored SIGTERM
    // a process that left the group may still hold the output open: do not wait for it forever
    await within(
      closed.catch(() => undefined),
      2000,
    );
    forced?.();
  };
  const timer = setTimeout(
    () => void stop(`timed out after ${duration(options.timeoutMs)}`),
    options.timeoutMs,
  );
  const onAbort = () => void stop('was stopped: the API shut down');
  signal?.addEventListener('abort', onAbort, { once: true });
  if (signal?.aborted) onAbort();
  try {
    const ended = await Promise.race([closed, gaveUp]);
    if (!ended) {
      child.stdout.destroy();
      child.stderr.destroy();
    }
    return { code: ended?.code ?? null, signal: ended?.signal ?? null, stopped };
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}
