import { type ChildProcess, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { setPriority } from 'node:os';
import { REPO_ROOT } from '../config.ts';

/** The back office's build, run by the server so that the server's start need not wait for it. */
const ADMIN_BUILD = ['pnpm', '--filter', '@conveyor/admin', 'build'] as const;

/**
 * What the back office's build at the start runs: the build, after an install when `npm start`
 * installed without the back office's dependencies (ADMIN_INSTALL_AT_START: the workspace's,
 * production ones only unless the developer's tools are installed too). Installed packages are
 * left as they are (the server and the site build use them meanwhile); what is missing is added.
 */
export function adminSteps(install: 'prod' | 'all' | null): readonly (readonly string[])[] {
  if (!install) return [ADMIN_BUILD];
  const args = ['install', '--frozen-lockfile', '--prefer-offline'];
  args.push('--config.confirmModulesPurge=false', ...(install === 'prod' ? ['--prod'] : []));
  return [['pnpm', ...args], ADMIN_BUILD];
}

export interface AdminBuild {
  /** True once the build has succeeded; false when it failed or was stopped. */
  readonly done: Promise<boolean>;
  readonly running: boolean;
  /** Ends the build if it still runs (its whole process group: pnpm, its shell, Vite). */
  stop(): void;
}

/**
 * A process of the back office's build yields to the server and the site's build: its
 * processes inherit its niceness. It starts a session of its own (detached, to be ended as a
 * group), and Linux gives each session a scheduling group of its own (an "autogroup") and shares
 * the CPU between the groups before niceness counts: a niced process alone in its group still
 * gets its group's full share beside the server and the site's first build. So its group is
 * niced too.
 */
function lowerPriority(pid: number): void {
  try {
    setPriority(pid, 10);
  } catch {
    // not allowed here: it runs at the server's own priority
  }
  if (process.platform !== 'linux') return;
  try {
    writeFileSync(`/proc/${pid}/autogroup`, '10');
  } catch {
    // no autogroups (a kernel without them, or a container that hides them)
  }
}

/**
 * Builds the back office beside the server's start (ADMIN_BUILD_AT_START, which `npm start`
 * sets): the site does not need it, so the server does not wait for it. main.ts starts it
 * first thing, so that it runs while the server loads, migrates, seeds the demo and builds the
 * site's first release, at a lower priority than they; on a fresh checkout its dependencies are
 * installed first, the same way (a first `npm start` installs what the server and the site
 * need, and leaves these to this step). The steps run one after another, each a command.
 * Quiet (an install's progress and the chunk table are noise at a start): their output only if
 * one fails, and then the server keeps running without /admin. The server is their parent: it
 * reaps them, and ends them when it stops (or exits) before they are done. The app is handed
 * the build (AppOptions.adminBuild), and meanwhile its /admin and /auth/login answer "being
 * prepared" (503) and reload themselves (plugins/frontends.ts).
 */
export function startAdminBuild(
  steps: readonly (readonly string[])[] = [ADMIN_BUILD],
  cwd: string = REPO_ROOT,
): AdminBuild {
  const started = performance.now();
  console.log(
    steps.length > 1
      ? "[start] installing the back office's dependencies and building it …"
      : '[start] building the back office …',
  );
  const ownGroup = process.platform !== 'win32';
  const stdout: Buffer[] = [];
  const stderr: Buffer[] = [];
  let running = true;
  let stopped = false;
  let child: ChildProcess | null = null;
  const stop = () => {
    if (!running || stopped) return;
    stopped = true;
    try {
      if (ownGroup && child?.pid) process.kill(-child.pid, 'SIGTERM');
      else child?.kill('SIGTERM');
    } catch {
      // ended meanwhile
    }
  };
  // The server ending before the build is done takes the build with it: an exit (a failed
  // start), or Ctrl+C or SIGTERM before main.ts handles them (while the app loads and migrates),
  // which then still end the process as they would have.
  const onSignal = (signal: NodeJS.Signals) => {
    stop();
    if (process.listenerCount(signal) === 1) {
      process.off(signal, onSignal);
      process.kill(process.pid, signal);
    }
  };
  const signals = ['SIGINT', 'SIGTERM'] as const;
  process.on('exit', stop);
  for (const signal of signals) process.on(signal, onSignal);
  const done = new Promise<boolean>((resolve) => {
    const end = (error: Error | null, code: number | null, signal: NodeJS.Signals | null) => {
      if (!running) return;
      running = false;
      process.off('exit', stop);
      for (const signal of signals) process.off(signal, onSignal);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      if (!error && code === 0) {
        console.log(`[start] the back office built in ${seconds} s`);
        return resolve(true);
      }
      if (stopped) {
        console.log(`[start] the back office's build was stopped after ${seconds} s`);
        return resolve(false);
      }
      process.stdout.write(Buffer.concat(stdout));
      process.stderr.write(Buffer.concat(stderr));
      const why = error ? error.message : `exit ${code ?? signal}`;
      console.error(`[start] the build of the back office failed (${why}): /admin is not served`);
      resolve(false);
    };
    const run = (index: number) => {
      const command = steps[index]!;
      const current = spawn(command[0]!, command.slice(1), {
        cwd,
        // a group of its own, ended as one (pnpm leaves the shell and Vite below it behind when
        // it alone is signalled); a console's Ctrl+C reaches the server, which ends it
        detached: ownGroup,
        stdio: ['ignore', 'pipe', 'pipe'],
        windowsHide: true,
      });
      child = current;
      if (current.pid) lowerPriority(current.pid);
      current.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
      current.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
      current.on('error', (error) => end(error, null, null));
      current.on('close', (code, signal) => {
        const next = code === 0 && index + 1 < steps.length;
        // stopped between two steps: as if the next had been stopped
        if (next && stopped) end(null, null, 'SIGTERM');
        else if (next) run(index + 1);
        else end(null, code, signal);
      });
    };
    run(0);
  });
  return {
    done,
    get running() {
      return running;
    },
    stop,
  };
}
