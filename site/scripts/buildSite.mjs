// The site build the publishing runner, previews and the warm build worker run.
//
// Astro puts a static build's intermediate server bundle in `<cwd>/.astro/.prerender/` when the
// output folder is outside the working folder (a release under DATA_DIR always is), and deletes
// that folder when it is done: two builds at once from the same folder (a preview while a
// release builds, two API instances on one machine) would delete each other's bundle. So each
// build runs from a working folder of its own under site/.builds/, removed afterwards; modules
// still resolve from site/node_modules above it.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

export const site = fileURLToPath(new URL('..', import.meta.url));

// Every request a build makes (its data from the API, the pictures Astro fetches to encode)
// says it is the build: the API logs those at debug, not info (api/src/config.ts
// SITE_BUILD_AGENT), so a start's console is not hundreds of the build's own reads.
const plainFetch = globalThis.fetch;
globalThis.fetch = (input, init) => {
  const headers = new Headers(
    init?.headers ?? (input instanceof Request ? input.headers : undefined),
  );
  if (!headers.has('user-agent')) headers.set('user-agent', 'conveyor-site-build');
  return plainFetch(input, { ...init, headers });
};

/**
 * WebCrypto's `digest`, with SHA-256 computed synchronously by node:crypto (the same bytes, the
 * same digest) and every other algorithm left to `subtle`'s own.
 *
 * Why: Astro hashes each page's inline scripts and styles for its security policy
 * (security.csp) with WebCrypto's asynchronous SHA-256, a trip to libuv's thread pool (shared
 * with the page writes) per script per page, tens of thousands of them a build, each with its
 * own cost on the main thread and its wait behind the page writes; a script's few bytes hashed
 * synchronously make no such trip.
 */
export function syncDigest(subtle) {
  const digest = subtle.digest.bind(subtle);
  return (algorithm, data) => {
    const name = typeof algorithm === 'string' ? algorithm : algorithm?.name;
    const bytes = ArrayBuffer.isView(data)
      ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
      : data instanceof ArrayBuffer
        ? new Uint8Array(data)
        : null;
    if (String(name).toUpperCase() !== 'SHA-256' || !bytes) return digest(algorithm, data);
    const hash = createHash('sha256').update(bytes).digest();
    return Promise.resolve(hash.buffer.slice(hash.byteOffset, hash.byteOffset + hash.byteLength));
  };
}
// in this build process (or worker) only; SUBTLE_DIGEST=native keeps WebCrypto's, to compare
if (process.env.SUBTLE_DIGEST !== 'native') {
  globalThis.crypto.subtle.digest = syncDigest(globalThis.crypto.subtle);
}

/** Longer than any build may run (PUBLISH_BUILD_TIMEOUT_MS): a folder this old was left over. */
const LEFT_OVER_MS = 24 * 3600_000;

/**
 * A working folder of its own under site/.builds/ (see above). Folders of builds that were
 * killed (a timeout, a shutdown) are removed once they are a day old.
 */
export function workFolder() {
  const builds = join(site, '.builds');
  mkdirSync(builds, { recursive: true });
  for (const name of readdirSync(builds)) {
    try {
      const folder = join(builds, name);
      if (Date.now() - statSync(folder).mtimeMs > LEFT_OVER_MS) {
        rmSync(folder, { recursive: true, force: true });
      }
    } catch {
      // removed by another build meanwhile
    }
  }
  return mkdtempSync(join(builds, 'build-'));
}

/**
 * Builds the site into `target` with Astro's programmatic build, from the current working
 * folder, which must be one of its own (workFolder).
 */
export async function buildSite(target) {
  const { build } = await import('astro');
  // `sync: false`: no .astro/ type declarations for an editor, in a folder deleted afterwards
  // (`astro check` and `astro dev` write their own)
  await build({ root: site, outDir: resolve(target) }, { sync: false });
}

/** Where paceGarbage leaves its collector (src/integrations/quieten.ts calls it). */
const COLLECT = Symbol.for('conveyor.site.collectGarbage');
/**
 * Set by a build while it renders only a few pages (src/integrations/incremental.ts): no paced
 * collections then, see paceGarbage.
 */
const UNPACED = Symbol.for('conveyor.site.unpaced');

/**
 * How much garbage a build's heap may gather before it is collected (see paceGarbage): 16 MB, or
 * a quarter of what was alive after the last collection, whichever is more.
 */
const GARBAGE_STEP = 16 * 1024 * 1024;
const GARBAGE_SHARE = 0.25;

/**
 * A full garbage collection whenever the heap has grown by its step since the last one; answers
 * the function that stops it.
 *
 * Why: rendering thousands of pages, V8 lets the old generation grow to several times what is
 * alive before it collects it, which is its choice for speed, and what it takes is kept.
 * Collected at this pace the build's process stays near what is alive, for a few dozen short
 * collections in a build; larger steps let it grow more. A full collection costs in proportion
 * to what is alive, so the step grows with it: a large catalogue's plan and manifest, hundreds
 * of MB alive, would otherwise be collected every few hundred milliseconds of an edit's build.
 * A build that renders a few pages (an edit's) is not paced at all: its garbage is its plan's,
 * which V8 collects as it goes, mostly on its own threads, while each full collection here
 * stops the build for a large catalogue's whole heap.
 * V8 has no flag for this (`--optimize-for-size` makes the build far slower); `gc` is V8's own,
 * exposed for this process from here, not by a command-line flag, so every way a build is
 * started gets it.
 */
function paceGarbage() {
  const collect = collector();
  // and for the build's stages that add to its memory (the pictures' encoding, the search
  // indexer's process): what the pages left behind is collected before they start
  globalThis[COLLECT] = collect;
  let floor = process.memoryUsage().heapUsed;
  const timer = setInterval(() => {
    if (globalThis[UNPACED]) return;
    if (process.memoryUsage().heapUsed - floor < Math.max(GARBAGE_STEP, floor * GARBAGE_SHARE)) {
      return;
    }
    collect();
    floor = process.memoryUsage().heapUsed;
  }, 250);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * V8's collector, exposed once per process: the context made for it is costly, and an edit's
 * build would pay for a new one each time.
 */
let exposed = null;
function collector() {
  if (!exposed) {
    setFlagsFromString('--expose-gc');
    exposed = runInNewContext('gc');
  }
  return exposed;
}

/**
 * A thorough collection (V8's 'last-resort': until nothing more is freed, compacting, its empty
 * pages given back): the warm worker's after each build (worker.mjs).
 */
export function collectGarbage() {
  collector()({ type: 'major', execution: 'sync', flavor: 'last-resort' });
}

/** One build from a working folder made for it and removed afterwards. */
export async function buildOnce(target) {
  const work = workFolder();
  process.chdir(work);
  const stopPacing = paceGarbage();
  try {
    await buildSite(target);
  } finally {
    stopPacing();
    delete globalThis[COLLECT];
    delete globalThis[UNPACED];
    process.chdir(site);
    rmSync(work, { recursive: true, force: true });
  }
}
