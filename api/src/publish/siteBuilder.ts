import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readlink, rename, rm, stat, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { BuildError, type BuildResult } from './types.ts';

export interface SiteBuilderOptions {
  /** DATA_DIR/site: holds releases/<id>/ and the `current` link the server serves. */
  siteRoot: string;
  /** Shell command; `{outDir}` is replaced by the fresh release folder. */
  command: string;
  cwd: string;
  /** Extra environment of the build (read at each build: the API's address is known late). */
  env: () => Record<string, string>;
  keepReleases: number;
  /** A build running longer is stopped and fails (default 10 minutes). */
  timeoutMs?: number;
  /** Between SIGTERM and SIGKILL to the build's process group when it is stopped (default 5 s). */
  killGraceMs?: number;
  /** Told about old releases that could not be removed (the build still succeeds). */
  log?: Pick<FastifyBaseLogger, 'warn'>;
}

const TAIL_LINES = 40;
/** Longer lines of build output are cut, so one runaway line cannot fill the record. */
const MAX_LINE = 2000;
/** Files a release must have before it goes live: the home page and the not-found page. */
const REQUIRED_FILES = ['index.html', '404.html'];

/**
 * Variables the build never sees: the API's own secrets and connections. The site build reads
 * only the API over HTTP (API_URL) and a few public settings.
 */
const SECRET_VARIABLE =
  /PASSWORD|SECRET|TOKEN|CREDENTIAL|PRIVATE_KEY|API_KEY|ACCESS_KEY|^(DATABASE_URL|REDIS_URL|TEST_POSTGRES_URL|PG[A-Z]+)$/i;

/** The build's environment: this process's, without secrets, plus `extra`. */
export function buildEnvironment(
  extra: Record<string, string>,
  env: NodeJS.ProcessEnv = process.env,
): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    if (value !== undefined && !SECRET_VARIABLE.test(name)) kept[name] = value;
  }
  return { ...kept, ...extra };
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
function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** Signals a whole process group; a group already gone is fine. */
function killGroup(pid: number | undefined, signal: NodeJS.Signals): void {
  if (!pid) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // ESRCH: nothing of it is left
  }
}

interface RunOutcome {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Why we stopped it (timeout, shutdown), or null when it ended by itself. */
  stopped: string | null;
}

/**
 * Runs the build command in a process group of its own (detached), so that stopping it stops
 * everything it started: on timeout or abort the group gets SIGTERM, then SIGKILL after the
 * grace time.
 */
async function runBuild(
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

async function countPages(dir: string): Promise<number> {
  let pages = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name.endsWith('.html')) pages++;
  }
  return pages;
}

/** The release the `current` link points at, or null. */
export async function currentRelease(siteRoot: string): Promise<string | null> {
  try {
    return (await readlink(join(siteRoot, 'current'))).replace(/^releases\//, '');
  } catch {
    return null;
  }
}

/**
 * Clears what an interrupted build left in the site root: `current.next-*` links never renamed
 * into place, and release folders that no successful build names (`known`). The live release
 * is always kept. Returns what was removed.
 */
export async function clearLeftovers(siteRoot: string, known: Iterable<string>): Promise<string[]> {
  const removed: string[] = [];
  let entries: string[];
  try {
    entries = await readdir(siteRoot);
  } catch {
    return removed; // no site root yet
  }
  for (const name of entries.filter((entry) => entry.startsWith('current.next-'))) {
    await rm(join(siteRoot, name), { force: true });
    removed.push(name);
  }
  const keep = new Set(known);
  const live = await currentRelease(siteRoot);
  if (live) keep.add(live);
  if (!entries.includes('releases')) return removed;
  for (const name of await readdir(join(siteRoot, 'releases'))) {
    if (keep.has(name)) continue;
    await rm(join(siteRoot, 'releases', name), { recursive: true, force: true });
    removed.push(`releases/${name}`);
  }
  return removed;
}

/** Removes all but the newest `keep` releases (by the time they were built), never `live`. */
async function pruneReleases(releases: string, live: string, keep: number): Promise<void> {
  // Oldest first by the time they were built (names can repeat once pruned).
  const all = await Promise.all(
    (await readdir(releases)).map(async (name) => ({
      name,
      built: (await stat(join(releases, name))).mtimeMs,
    })),
  );
  const old = all
    .filter((entry) => entry.name !== live)
    .sort((a, b) => a.built - b.built)
    .slice(0, Math.max(0, all.length - keep));
  for (const entry of old) await rm(join(releases, entry.name), { recursive: true, force: true });
}

/**
 * Builds the site into a fresh release folder, checks it (the command succeeded, and the home
 * and not-found pages exist), and swaps the `current` link to it atomically (a new link renamed
 * over the old one: a request sees the old release or the new one, never a half-written
 * folder). A failed or timed-out build removes its folder and leaves `current` alone. Only the
 * last few releases are kept. The build runs without the API's secrets in its environment.
 */
export function siteBuilder(options: SiteBuilderOptions) {
  return async (signal?: AbortSignal): Promise<BuildResult> => {
    const releases = join(options.siteRoot, 'releases');
    await mkdir(releases, { recursive: true });
    const id = new Date().toISOString().replace(/[-:.]/g, '').replace(/Z$/, '');
    let release = id;
    for (let n = 2; existsSync(join(releases, release)); n++) release = `${id}-${n}`;
    const outDir = join(releases, release);
    const tail = new LogTail();
    const run = await runBuild(
      options.command.replaceAll('{outDir}', JSON.stringify(outDir)),
      {
        cwd: options.cwd,
        env: buildEnvironment(options.env()),
        timeoutMs: options.timeoutMs ?? 10 * 60_000,
        killGraceMs: options.killGraceMs ?? 5000,
      },
      tail,
      signal,
    );
    const logTail = tail.text();
    const missing = REQUIRED_FILES.find((file) => !existsSync(join(outDir, file)));
    const problem = run.stopped
      ? `the site build ${run.stopped}`
      : run.code !== 0
        ? `the site build failed (${run.code === null ? `killed by ${run.signal}` : `exit ${run.code}`})`
        : missing
          ? `the build made no ${missing}`
          : null;
    if (problem) {
      await rm(outDir, { recursive: true, force: true });
      throw new BuildError(problem, logTail);
    }
    const pages = await countPages(outDir);
    const next = join(options.siteRoot, `current.next-${release}`);
    await symlink(join('releases', release), next);
    await rename(next, join(options.siteRoot, 'current'));
    try {
      await pruneReleases(releases, release, options.keepReleases);
    } catch (err) {
      // the new release is live: a folder that would not go is no reason to call it failed
      options.log?.warn({ err }, 'could not remove old site releases');
    }
    return { pages, release, logTail };
  };
}
