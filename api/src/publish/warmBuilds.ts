import { type ChildProcess, fork } from 'node:child_process';
import type { FastifyBaseLogger } from 'fastify';
import {
  buildEnvironment,
  killGroup,
  type LogTail,
  type RunOutcome,
  within,
} from './buildProcess.ts';

/**
 * The line the worker writes to stdout and to stderr after each build, before it answers
 * (site/scripts/worker.mjs): output and answers come over different pipes, so the runner waits
 * for these to know it has all of a build's output.
 */
const END_OF_BUILD = '\u001econveyor-build-end ';

/** What the worker answers (site/scripts/worker.mjs). */
interface Answer {
  id?: number;
  ready?: boolean;
  ok?: boolean;
  error?: string;
  /** How many pages the release holds, when the build made a release (not a preview). */
  pages?: number;
  peakRssKb?: number;
  /** The worker ends after this answer; a fresh one is started. */
  recycle?: boolean;
  /** The worker will end soon (it has grown): its successor is started now, as a spare. */
  endingSoon?: boolean;
}

export interface WarmBuildsOptions {
  /** site/scripts/worker.mjs */
  script: string;
  cwd: string;
  log?: Pick<FastifyBaseLogger, 'warn' | 'info'>;
  /**
   * The worker (and its spare) leave after this long with no build and no keepWarm
   * (PUBLISH_WORKER_IDLE_SECONDS); 0: they stay loaded.
   */
  idleMs?: number;
}

/**
 * The site build kept loaded between builds (PUBLISH_BUILD_WARM): one worker process
 * (site/scripts/worker.mjs) that has Node, Astro and Vite loaded and runs one build at a time,
 * sent over Node's IPC channel. Started at the first build and again, ahead of need, whenever
 * the worker ends itself (after a site's first build, or when it has grown); stopped, as a
 * separate build process would be (its whole process group, SIGTERM then SIGKILL), when a
 * build times out or the API shuts down, and started afresh for the next build.
 *
 * A site's first build (no live release to link from) ends its worker, so its successor, a
 * spare, loads while that build runs: the save that follows does not wait for Astro to load. So
 * it does when the worker says it will end soon (it has grown). Rebuild now, with a live release
 * to link from, runs in the loaded worker like any other build (site/scripts/worker.mjs).
 *
 * Idle, the worker leaves (idleMs after its last build or keepWarm): a loaded Astro and Vite
 * hold memory that a server nobody edits does not need. The back office's requests keep it
 * (keepWarm), and opening a record or saving one starts it again ahead of the build that follows.
 */
export class WarmBuilds {
  readonly #options: WarmBuildsOptions;
  #child: ChildProcess | null = null;
  #ready: Promise<boolean> | null = null;
  /** The next worker, loading while the current one runs its last build (see above). */
  #spare: { child: ChildProcess; ready: Promise<boolean> } | null = null;
  #answers = new Map<number, (answer: Answer | null) => void>();
  #output: { stdout: (chunk: string) => void; stderr: (chunk: string) => void } | null = null;
  /** Called with a build's id when its end-of-build line comes on a stream. */
  #ended: { stdout: (id: number) => void; stderr: (id: number) => void } | null = null;
  #nextId = 1;
  #closed = false;
  /** Builds the running worker has been sent. */
  #runs = 0;
  /** A build is under way: the worker does not leave. */
  #busy = false;
  #idleTimer: NodeJS.Timeout | null = null;

  constructor(options: WarmBuildsOptions) {
    this.#options = options;
  }

  /** The worker's process id, while one runs (tests). */
  get pid(): number | undefined {
    return this.#child?.pid;
  }

  /** The spare worker's process id, while one loads or waits (tests). */
  get sparePid(): number | undefined {
    return this.#spare?.child.pid;
  }

  /**
   * Starts a worker unless one runs (or takes the spare); resolves when it is ready (false: it
   * ended first).
   */
  warm(): Promise<boolean> {
    if (this.#closed) return Promise.resolve(false);
    if (!this.#child || !this.#ready) {
      const worker = this.#spare ?? this.#start();
      this.#spare = null;
      this.#child = worker.child;
      this.#ready = worker.ready;
      this.#runs = 0;
    }
    // The idle countdown starts when the worker is ready: its loading is not idleness (counted
    // from here, a load slower than idleMs would end the worker it is loading).
    const ready = this.#ready;
    this.#disarm();
    void ready.then((ok) => {
      if (ok && this.#ready === ready) this.#arm();
    });
    return ready;
  }

  /**
   * Someone works in the back office: the worker stays another idleMs; `start`, it is started
   * if it left (a record opened or saved: a build is likely to follow).
   */
  keepWarm({ start }: { start: boolean }): void {
    if (start) void this.warm();
    else if (this.#child) this.#arm();
  }

  /** (Re)starts the idle countdown, unless a build runs (its end starts it). */
  #arm(): void {
    const idleMs = this.#options.idleMs ?? 0;
    this.#disarm();
    if (idleMs <= 0 || this.#busy || this.#closed) return;
    this.#idleTimer = setTimeout(() => void this.#leave(), idleMs);
    this.#idleTimer.unref();
  }

  #disarm(): void {
    if (this.#idleTimer) clearTimeout(this.#idleTimer);
    this.#idleTimer = null;
  }

  /** Idle: the worker and its spare go; the next build or keepWarm({ start }) loads one again. */
  async #leave(): Promise<void> {
    this.#idleTimer = null;
    if (this.#busy || (!this.#child && !this.#spare)) return;
    this.#options.log?.info?.('the site build worker left: idle');
    await Promise.all([this.#stopWorker(2000), this.#stopSpare()]);
  }

  /** A new worker process, its output going to the build that runs. */
  #start(): { child: ChildProcess; ready: Promise<boolean> } {
    const child = fork(this.#options.script, [], {
      cwd: this.#options.cwd,
      // its own process group, to stop it with whatever it started (esbuild's service)
      detached: true,
      env: buildEnvironment({}),
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      execArgv: [],
    });
    for (const name of ['stdout', 'stderr'] as const) {
      const stream = child[name]!;
      stream.setEncoding('utf8');
      let partial = '';
      stream.on('data', (chunk: string) => {
        const lines = (partial + chunk).split('\n');
        partial = lines.pop() ?? '';
        for (const line of lines) {
          if (line.startsWith(END_OF_BUILD))
            this.#ended?.[name](Number(line.slice(END_OF_BUILD.length)));
          else this.#output?.[name](`${line}\n`);
        }
      });
    }
    const ready = new Promise<boolean>((resolve) => {
      child.on('message', (answer: Answer) => {
        if (answer.ready) resolve(true);
        else if (answer.id !== undefined) this.#answers.get(answer.id)?.(answer);
      });
      child.once('exit', () => {
        resolve(false);
        if (this.#spare?.child === child) this.#spare = null;
        if (this.#child !== child) return;
        this.#child = null;
        this.#ready = null;
        for (const settle of this.#answers.values()) settle(null);
      });
      child.once('error', (err) => {
        this.#options.log?.warn({ err }, 'the warm site build worker failed');
      });
    });
    return { child, ready };
  }

  /**
   * Runs one build into `outDir` with `env` added to the worker's environment; the outcome as a
   * build process's would be (exit code 0 when the build succeeded).
   */
  async run(
    outDir: string,
    env: Record<string, string>,
    options: { timeoutMs: number; killGraceMs: number },
    tail: LogTail,
    signal?: AbortSignal,
  ): Promise<RunOutcome> {
    const stdout = tail.stream();
    const stderr = tail.stream();
    this.#busy = true;
    this.#arm();
    this.#output = { stdout: stdout.write, stderr: stderr.write };
    const id = this.#nextId++;
    const streamEnded = (name: 'stdout' | 'stderr') =>
      new Promise<void>((resolve) => {
        const ended = this.#ended ?? { stdout: () => {}, stderr: () => {} };
        ended[name] = (which) => which === id && resolve();
        this.#ended = ended;
      });
    const outputDone = Promise.all([streamEnded('stdout'), streamEnded('stderr')]);
    let stopped: string | null = null;
    let settle: (answer: Answer | null) => void = () => {};
    const answered = new Promise<Answer | null>((resolve) => (settle = resolve));
    const stop = async (why: string) => {
      if (stopped) return;
      stopped = why;
      const child = this.#child;
      killGroup(child?.pid, 'SIGTERM');
      if (child && child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        await within(exited, options.killGraceMs);
      }
      killGroup(child?.pid, 'SIGKILL');
      settle(null);
    };
    const timer = setTimeout(
      () => void stop(`timed out after ${+(options.timeoutMs / 1000).toFixed(1)} s`),
      options.timeoutMs,
    );
    const onAbort = () => void stop('was stopped: the API shut down');
    signal?.addEventListener('abort', onAbort, { once: true });
    if (signal?.aborted) onAbort();
    let child: ChildProcess | null = null;
    try {
      // with no live release to link from, a build must be its worker's first (worker.mjs)
      if (!env.SITE_PREVIOUS && this.#runs > 0) await this.#stopWorker(options.killGraceMs);
      if (!stopped && (await this.warm())) {
        this.#runs++;
        child = this.#child;
        this.#answers.set(id, settle);
        child?.send({ id, outDir, env });
        // this worker ends after a site's first build, and may be stopped during one whose
        // pictures come after its pages (it gives way to a newer change): its successor loads
        // meanwhile
        if (!env.SITE_PREVIOUS || env.SITE_PICTURES_LATER === '1') this.#startSpare();
      } else settle(null);
      const answer = await answered;
      // the last of its output may come after the answer
      if (answer) await within(outputDone, 2000);
      if (answer?.peakRssKb) stdout.write(`\npeak_rss_kb=${answer.peakRssKb}\n`);
      if (answer?.recycle && child) {
        // it ends itself now: have the next one load while nothing waits for it
        const ended = child;
        if (ended.exitCode === null && ended.signalCode === null)
          await new Promise((resolve) => ended.once('exit', resolve));
        void this.warm();
      } else if (answer?.endingSoon) this.#startSpare();
      else if (answer) await this.#stopSpare(); // the worker goes on
      if (answer) {
        return { code: answer.ok ? 0 : 1, signal: null, stopped: null, pages: answer.pages };
      }
      if (!stopped) stderr.write('\nthe warm build worker ended during the build\n');
      return { code: child?.exitCode ?? null, signal: child?.signalCode ?? null, stopped };
    } finally {
      this.#busy = false;
      this.#arm();
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      this.#answers.delete(id);
      stdout.end();
      stderr.end();
      this.#output = null;
      this.#ended = null;
    }
  }

  /** Stops the worker (the API shuts down). */
  async close(): Promise<void> {
    this.#closed = true;
    this.#arm();
    await Promise.all([this.#stopWorker(5000), this.#stopSpare()]);
  }

  /** Starts the successor of the running worker, unless there is one (or the API closes). */
  #startSpare(): void {
    if (!this.#spare && !this.#closed) this.#spare = this.#start();
  }

  /** Stops the spare, if any: the worker it would replace goes on. */
  async #stopSpare(): Promise<void> {
    const spare = this.#spare;
    this.#spare = null;
    if (!spare) return;
    killGroup(spare.child.pid, 'SIGTERM');
    if (spare.child.exitCode === null && spare.child.signalCode === null) {
      await within(new Promise((resolve) => spare.child.once('exit', resolve)), 2000);
    }
    killGroup(spare.child.pid, 'SIGKILL');
  }

  /** Stops the running worker, if any, with its process group: SIGTERM, then SIGKILL. */
  async #stopWorker(graceMs: number): Promise<void> {
    const child = this.#child;
    if (!child) return;
    killGroup(child.pid, 'SIGTERM');
    if (child.exitCode === null && child.signalCode === null) {
      await within(new Promise((resolve) => child.once('exit', resolve)), graceMs);
    }
    killGroup(child.pid, 'SIGKILL');
    if (this.#child === child) {
      this.#child = null;
      this.#ready = null;
    }
  }
}
