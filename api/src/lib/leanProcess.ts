// How the server's process is started, before it loads anything else (src/server.ts): with the
// allocator settings (ALLOCATOR_ENV) and heap flags (HEAP_FLAGS) that keep its memory near what
// it uses, rather than what a burst of requests or a site build once made it take, and Node's
// compile cache (COMPILE_CACHE_ENV) for a quicker start. Each of them says why; `pnpm bench:lean`
// measures the memory settings' effect.
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Set in the environment of a process already started this way: it is not started again. */
export const TUNED = 'CONVEYOR_PROCESS_TUNED';

/**
 * The allocator settings (glibc malloc reads them when the process starts, so they must be in
 * its environment): two arenas instead of one per thread that ever allocated (libvips' threads
 * would each keep one, and the memory in it, after a few uploads); buffers from 64 kB up mapped
 * of their own and so given back when freed (glibc otherwise raises that threshold to the
 * largest buffer freed, up to 32 MB, and keeps such buffers in its heap for good); and the
 * heap's free top returned from 128 kB. A value already set wins.
 */
export const ALLOCATOR_ENV: Record<string, string> = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '65536',
  MALLOC_TRIM_THRESHOLD_: '131072',
  // mimalloc, which native modules written in Rust bring along (the site build's Rolldown and
  // Astro compiler, argon2 here): memory committed as it is used rather than a whole arena at
  // once, and freed memory given back at once, which lowers a site build's peak.
  MIMALLOC_ARENA_EAGER_COMMIT: '0',
  MIMALLOC_PURGE_DELAY: '0',
};

/**
 * V8's heap: semi-spaces capped below what V8 grows them to under a burst of requests (and then
 * keeps), yet large enough that a flood's short-lived objects die young instead of being
 * promoted and growing the old generation, as smaller ones let them; and `--optimize-for-size`,
 * which grows the heap more slowly and collects sooner, for somewhat fewer uncached reads a
 * second. `pnpm bench:lean` (the API's process) is what the size was chosen by.
 */
export const HEAP_FLAGS = ['--max-semi-space-size=8', '--optimize-for-size'];

/**
 * Node's compile cache, in the folder Node itself picks for it (module.enableCompileCache): the
 * server's modules, and the site build's (Astro, Vite, Rolldown) in the build processes and the
 * warm worker it starts, which inherit it, compiled once for every later start of them rather
 * than at each, a fresh build worker's first build included. A value already set wins.
 */
export const COMPILE_CACHE_ENV: Record<string, string> = {
  NODE_COMPILE_CACHE: join(tmpdir(), 'node-compile-cache'),
};

/** The environment and Node flags a lean process is started with, given its own. */
export function leanStart(
  env: NodeJS.ProcessEnv,
  execArgv: readonly string[],
): { env: Record<string, string>; execArgv: string[] } {
  const given = `${execArgv.join(' ')} ${env.NODE_OPTIONS ?? ''}`;
  const heap = HEAP_FLAGS.filter((flag) => !given.includes(flag.split('=')[0]!));
  return {
    env: {
      ...ALLOCATOR_ENV,
      ...COMPILE_CACHE_ENV,
      ...(env as Record<string, string>),
      [TUNED]: '1',
    },
    execArgv: [...heap, ...execArgv],
  };
}

/**
 * Restarts this process in place (process.execve: the same process id, so a process manager,
 * a terminal's Ctrl+C and `npm start` see one server) with the settings above, unless it was
 * started with them. Returns only when it is not restarted: already tuned, SERVER_TUNE=false, or
 * no execve (not Linux or macOS).
 */
export function restartLean(): void {
  if (process.env[TUNED] === '1' || process.env.SERVER_TUNE === 'false') return;
  if (typeof process.execve !== 'function' || !['linux', 'darwin'].includes(process.platform)) {
    return;
  }
  const { env, execArgv } = leanStart(process.env, process.execArgv);
  process.execve(process.execPath, [process.execPath, ...execArgv, ...process.argv.slice(1)], env);
}
