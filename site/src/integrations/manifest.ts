import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';

// A release's manifest (src/integrations/incremental.ts writes one into each release): what
// the release was built from (the code hash) and of (each page's key and the built files it
// refers to), read by the next build to tell what it may carry over.

/** Not a page: the server does not serve dotfiles of a release. */
export const MANIFEST = '.site-manifest.json';

export interface Manifest {
  version: 2;
  code: string;
  /**
   * The lists of built files the pages refer to, each list once: most pages share theirs (the
   * same styles and scripts; a product's pictures in its three languages), and a manifest that
   * wrote each page's out would be tens of megabytes at ten thousand products.
   */
  assets: string[][];
  /**
   * Each page's key and its list of built files (an index into `assets`); `duplicate`: the page
   * is kept out of the sitemap (PlannedPage).
   */
  pages: Record<string, { key: string; assets: number; duplicate?: boolean }>;
}

/** What a build outside the data depends on: its sources, its dependencies, its settings. */
const CODE_INPUTS = ['site/src', 'site/public', 'site/astro.config.mjs', 'site/package.json'];
const SHARED_INPUTS = ['shared/src', 'shared/package.json', 'pnpm-lock.yaml'];
const SETTINGS = [
  'SITE_URL',
  'PUBLIC_API_URL',
  'API_URL',
  'YOUTUBE_THUMBNAIL_URL',
  'CATEGORY_PAGE_SIZE',
  'SITEMAP_ENTRY_LIMIT',
];

async function filesOf(path: string): Promise<string[]> {
  if (!existsSync(path)) return [];
  try {
    const entries = await readdir(path, { withFileTypes: true, recursive: true });
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name))
      .sort();
  } catch {
    return [path]; // a file
  }
}

/** The hash of the site's code, the shared package, the lockfile and the build settings. */
export async function codeHash(repoRoot: string): Promise<string> {
  const digest = createHash('sha256');
  for (const input of [...CODE_INPUTS, ...SHARED_INPUTS]) {
    for (const file of await filesOf(join(repoRoot, input))) {
      digest
        .update(relative(repoRoot, file))
        .update('\0')
        .update(await readFile(file));
    }
  }
  for (const name of SETTINGS) digest.update(`${name}=${process.env[name] ?? ''}\0`);
  return digest.digest('base64url');
}

/**
 * The manifest this process wrote last, and its text. A warm build worker's next build most
 * often has that release as its live one: its manifest (a line for each page) is then read and
 * compared byte for byte, far cheaper than parsed (or hashed) again at tens of thousands of
 * pages. On globalThis, as the plan is (src/lib/plan.ts): each build loads this module anew.
 */
const LAST_MANIFEST = Symbol.for('conveyor.site.lastManifest');
const remembered = globalThis as { [LAST_MANIFEST]?: { text: Buffer; manifest: Manifest } };

/** A release's manifest, or null (none, or an older kind); `kept` when remembered, not parsed. */
export async function readManifest(
  release: string | undefined,
): Promise<{ manifest: Manifest; kept: boolean } | null> {
  if (!release) return null;
  try {
    const text = await readFile(join(release, MANIFEST));
    const last = remembered[LAST_MANIFEST];
    if (last?.text.equals(text)) return { manifest: last.manifest, kept: true };
    const manifest = JSON.parse(text.toString('utf8')) as Manifest;
    return manifest.version === 2 ? { manifest, kept: false } : null;
  } catch {
    return null; // no release, or one built before manifests: everything is rendered
  }
}

/** Writes a release's manifest, and remembers it for the next build (readManifest). */
export async function writeManifest(release: string, manifest: Manifest): Promise<void> {
  delete remembered[LAST_MANIFEST];
  const text = Buffer.from(JSON.stringify(manifest));
  await writeFile(join(release, MANIFEST), text);
  remembered[LAST_MANIFEST] = { text, manifest };
}

/** The built files (`_astro/…`) a page refers to: its pictures, styles and scripts. */
export function assetsOf(html: string, names: Map<string, string>): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(/\/_astro\/([\w.@%-]+)/g)) {
    // A name matched out of a page is, in V8, a slice of the page's text that keeps all of it:
    // kept for the manifest, the names would hold every page read in the heap. Each name is kept
    // once per build, as a copy of its own.
    const name = match[1]!;
    let own = names.get(name);
    if (own === undefined) {
      own = Buffer.from(name).toString();
      names.set(own, own);
    }
    found.add(own);
  }
  return [...found].sort();
}
