import { existsSync } from 'node:fs';
import { rename, rm, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { PENDING_PICTURES } from '@conveyor/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { markLive } from '../db/repositories/builds.ts';
import type { Database } from '../db/types.ts';
import type { JobKindName } from '../jobs/kinds.ts';
import type { JobRunner } from '../jobs/runner.ts';
import { REQUIRED_FILES } from './releases.ts';
import { BuildError } from './types.ts';

// Which release is live: the atomic swap of the `current` link, a first release going live
// with its pages, and rollback to a kept release.

/**
 * Points the `current` link at a release atomically: a new link renamed over the old one, so a
 * request sees the old release or the new one, never a half-written folder or no site.
 */
export async function goLive(siteRoot: string, release: string): Promise<void> {
  const next = join(siteRoot, `current.next-${release}`);
  await rm(next, { force: true });
  await symlink(join('releases', release), next);
  await rename(next, join(siteRoot, 'current'));
}

/** A release's name as builds make it (`20261124T201500123`, `…-2`): nothing that leaves the folder. */
const RELEASE_NAME = /^[0-9A-Za-z][0-9A-Za-z-]*$/;

/** The job kind that switches the live release, run by the instance that builds. */
export const ROLLBACK_JOB = 'site.rollback' satisfies JobKindName;

/**
 * Makes a kept release live again (rollback): refused, with `current` left alone,
 * when the release is not on disk or lacks the pages a release must have.
 */
export async function switchRelease(siteRoot: string, release: string): Promise<void> {
  const folder = join(siteRoot, 'releases', release);
  if (!RELEASE_NAME.test(release) || !existsSync(folder)) {
    throw new BuildError(`release ${release} is not kept`);
  }
  const missing = REQUIRED_FILES.find((file) => !existsSync(join(folder, file)));
  if (missing) throw new BuildError(`release ${release} has no ${missing}`);
  // a newer release stays on disk (the newest few are kept), to switch forward to again
  await goLive(siteRoot, release);
}

/** How often a first build is looked at for its pages being written (firstPages). */
const PAGES_POLL_MS = 100;

/**
 * Watches a site's first build (no release live yet) for the list of pictures it writes once
 * its pages are written (PENDING_PICTURES, site/src/integrations/pictures.ts), and makes the
 * release live then, if it has the pages a release must have: the site is served once its
 * pages are written rather than after its pictures, which take most of a first build's time
 * on an empty image cache; `onLive` is told. So is a build after one that gave way to a
 * newer change before its pictures were in (siteBuilder). Every other build swaps in whole,
 * pictures and all.
 */
export function firstPages(
  siteRoot: string,
  release: string,
  outDir: string,
  log?: Pick<FastifyBaseLogger, 'info'>,
  onLive?: () => void,
) {
  const since = performance.now();
  const watch: { liveAfterMs?: number; stop: () => Promise<void> } = {
    stop: async () => {
      clearInterval(timer);
      await busy;
    },
  };
  let busy: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    busy = busy
      .then(async () => {
        if (watch.liveAfterMs !== undefined || !existsSync(join(outDir, PENDING_PICTURES))) return;
        if (REQUIRED_FILES.some((file) => !existsSync(join(outDir, file)))) return;
        clearInterval(timer);
        await goLive(siteRoot, release);
        watch.liveAfterMs = performance.now() - since;
        log?.info?.({ release }, 'the site is live; its pictures are being encoded');
        onLive?.();
      })
      // not live early after all: the release swaps in when the build is done, as any other
      .catch(() => clearInterval(timer));
  }, PAGES_POLL_MS);
  return watch;
}

/**
 * Defines the rollback job on the instance that builds (only it holds the releases): a
 * rollback asked for on another instance is carried out here.
 */
export function defineRollback(runner: JobRunner, db: Kysely<Database>, siteRoot: string): void {
  runner.define<{ release: string }>(ROLLBACK_JOB, {
    async run({ release }, { log }) {
      await switchRelease(siteRoot, release);
      await markLive(db, release, new Date().toISOString());
      log.info({ release }, 'an older release is live again');
    },
  });
}
