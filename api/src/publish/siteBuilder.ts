import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readlink, rename, rm, stat, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { BuildError, type BuildResult } from './queue.ts';

export interface SiteBuilderOptions {
  /** DATA_DIR/site: holds releases/<id>/ and the `current` link the server serves. */
  siteRoot: string;
  /** Shell command; `{outDir}` is replaced by the fresh release folder. */
  command: string;
  cwd: string;
  /** Extra environment of the build (read at each build: the API's address is known late). */
  env: () => Record<string, string>;
  keepReleases: number;
}

const TAIL_LINES = 40;

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
 * Builds the site into a fresh release folder, checks it, and swaps the `current` link to it
 * atomically (a new link renamed over the old one: a request sees the old release or the new
 * one, never a half-written folder). A failed build removes its folder and leaves `current`
 * alone. Only the last few releases are kept.
 */
export function siteBuilder(options: SiteBuilderOptions) {
  return async (): Promise<BuildResult> => {
    const releases = join(options.siteRoot, 'releases');
    await mkdir(releases, { recursive: true });
    const id = new Date().toISOString().replace(/[-:.]/g, '').replace(/Z$/, '');
    let release = id;
    for (let n = 2; existsSync(join(releases, release)); n++) release = `${id}-${n}`;
    const outDir = join(releases, release);
    const lines: string[] = [];
    const code = await new Promise<number>((resolve, reject) => {
      const child = spawn(options.command.replaceAll('{outDir}', JSON.stringify(outDir)), {
        cwd: options.cwd,
        shell: true,
        env: { ...process.env, ...options.env() },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const collect = (chunk: Buffer) => {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        if (lines.length > 500) lines.splice(0, lines.length - TAIL_LINES);
      };
      child.stdout.on('data', collect);
      child.stderr.on('data', collect);
      child.on('error', reject);
      child.on('close', (exit) => resolve(exit ?? 1));
    });
    const logTail = lines.slice(-TAIL_LINES).join('\n');
    if (code !== 0 || !existsSync(join(outDir, 'index.html'))) {
      await rm(outDir, { recursive: true, force: true });
      throw new BuildError(
        code !== 0 ? `the site build failed (exit ${code})` : 'the build made no index.html',
        logTail,
      );
    }
    const pages = await countPages(outDir);
    const next = join(options.siteRoot, `current.next-${release}`);
    await symlink(join('releases', release), next);
    await rename(next, join(options.siteRoot, 'current'));

    // Oldest first by the time they were built (names can repeat once pruned).
    const all = await Promise.all(
      (await readdir(releases)).map(async (name) => ({
        name,
        built: (await stat(join(releases, name))).mtimeMs,
      })),
    );
    const old = all
      .filter((entry) => entry.name !== release)
      .sort((a, b) => a.built - b.built)
      .slice(0, Math.max(0, all.length - options.keepReleases));
    for (const entry of old) await rm(join(releases, entry.name), { recursive: true, force: true });
    return { pages, release, logTail };
  };
}
