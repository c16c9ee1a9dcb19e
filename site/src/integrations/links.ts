import { link, mkdir } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';

// How a build carries files over from the live release (the pages it did not render, the
// search index's base, the kept bundle's files): hard links, or, when its release is made from
// a copy of the live one prepared beforehand (src/integrations/nextRelease.ts), a note that the
// copy holds the file already.

/** Where a build made from a prepared copy finds it (set by the worker for that build only). */
export const COPY = Symbol.for('conveyor.site.nextRelease');

export interface CopyUse {
  /** The live release, which the copy is of (SITE_PREVIOUS), absolute and normalized. */
  previous: string;
  /** The build's output folder, absolute and normalized. */
  out: string;
  /** The files carried over from the live release, relative to it: they stay in the copy. */
  carried: Set<string>;
}

/**
 * A link the build would make from the live release into its own folder, at the same place:
 * with a copy, noted as carried and not made (the copy holds the file already). Answers whether
 * it was. Paths are compared as the build joins them (absolute, normalized); any other link is
 * made, and moved into the copy with the build's own files, which is as right, only slower.
 */
export function carriedByCopy(from: string, to: string): boolean {
  const copy = (globalThis as Record<symbol, CopyUse | undefined>)[COPY];
  if (!copy) return false;
  const fromTop = copy.previous + sep;
  const toTop = copy.out + sep;
  if (!from.startsWith(fromTop) || !to.startsWith(toTop)) return false;
  const path = from.slice(fromTop.length);
  if (path !== to.slice(toTop.length)) return false;
  copy.carried.add(path);
  return true;
}

/**
 * Carries files from a folder of the live release (`from`) into the same folder of the build's
 * (`to`), each at the same place, named relative to both: with a copy, only noted (as
 * carriedByCopy does, without its checks of each path: tens of thousands of pages, or of the
 * search index's files), otherwise linked by `links`. Names are plain relative paths (no `.`,
 * no `..`).
 */
export function carrier(
  from: string,
  to: string,
  links: ReturnType<typeof linker>,
): (path: string) => Promise<void> | undefined {
  const copy = (globalThis as Record<symbol, CopyUse | undefined>)[COPY];
  if (copy) {
    const at = relative(copy.previous, resolve(from));
    if (at === relative(copy.out, resolve(to)) && !at.startsWith('..') && !isAbsolute(at)) {
      const prefix = at ? `${at}${sep}` : '';
      return (path) => {
        copy.carried.add(`${prefix}${path}`);
        return undefined;
      };
    }
  }
  return (path) => links.add(join(from, path), join(to, path));
}

/** Hard links, a few dozen at a time, each folder made once: thousands of pages carried over. */
export function linker() {
  const folders = new Map<string, Promise<unknown>>();
  const pending = new Set<Promise<void>>();
  const one = async (from: string, to: string) => {
    const folder = dirname(to);
    if (!folders.has(folder)) folders.set(folder, mkdir(folder, { recursive: true }));
    await folders.get(folder);
    await link(from, to);
  };
  return {
    async add(from: string, to: string): Promise<void> {
      if (carriedByCopy(from, to)) return;
      const task = one(from, to).finally(() => pending.delete(task));
      pending.add(task);
      if (pending.size >= 64) await Promise.race(pending);
    },
    async done(): Promise<void> {
      await Promise.all(pending);
    },
  };
}
