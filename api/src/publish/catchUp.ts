import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { lastBuiltDataHash, queuedBuilds, runningBuilds } from '../db/repositories/builds.ts';
import type { Database } from '../db/types.ts';
import type { JobRunner } from '../jobs/runner.ts';
import type { Publisher } from './publisher.ts';
import { siteDataHash } from './siteData.ts';
import type { JobKindName } from '../jobs/kinds.ts';

/** The recurring job of the publishing instance that runs the check below. */
export const CATCH_UP_JOB = 'publish.catchUp' satisfies JobKindName;
/** How often an idle publisher compares the content with what the site was built from. */
export const CATCH_UP_EVERY_MS = 10 * 60_000;

export interface CatchUpOptions {
  db: Kysely<Database>;
  publisher: Publisher;
  /** The site data as a build reads it (readSiteData). */
  read: () => Promise<unknown>;
  log: FastifyBaseLogger;
  /** How long a difference must last before it counts: a save's own request follows its commit. */
  settleMs?: number;
  /** Aborted when the server stops: the check ends where it is (rejecting), asking for nothing. */
  signal?: AbortSignal;
}

/**
 * The publisher's safety net, so that no saved change stays off the site. A save asks for its
 * rebuild just after its commit (the content events), so a process that dies in between, on
 * any instance, leaves content the site does not show and no request for it. The publisher
 * compares the content with the hash its newest successful build recorded of what it was made
 * from, at its start and then as a recurring job (CATCH_UP_JOB), and asks for a rebuild (trigger `catchup`)
 * when they differ; the build renders only the pages whose data changed. It compares with the
 * newest build, not the live release, so a rollback stays live until the next publish.
 *
 * Nothing is done while a build runs or waits (it reads the content anyway), nor before a build
 * has recorded a hash. Returns whether a rebuild was asked for.
 */
export async function catchUp(options: CatchUpOptions): Promise<boolean> {
  const { db, publisher } = options;
  const behind = async () => {
    if (publisher.running) return false;
    if ((await queuedBuilds(db)).length > 0 || (await runningBuilds(db)).length > 0) return false;
    const built = await lastBuiltDataHash(db);
    if (!built) return false;
    return siteDataHash(JSON.stringify(await options.read())) !== built;
  };
  if (!(await behind())) return false;
  // a save committed just now records its own request within moments: let it, and look again
  await sleep(options.settleMs ?? 2000, undefined, { signal: options.signal });
  if (!(await behind()) || options.signal?.aborted) return false;
  options.log.warn('the content changed without a site rebuild request; rebuilding to catch up');
  await publisher.request({ kind: 'catchup' });
  return true;
}

/**
 * Defines the recurring check on the publishing instance: `check` compares and asks (the
 * plugin's, which knows whether the server listens yet); the next period's run is its retry.
 */
export function defineCatchUp(
  runner: JobRunner,
  check: (signal: AbortSignal) => Promise<unknown>,
): void {
  runner.define(CATCH_UP_JOB, {
    everyMs: CATCH_UP_EVERY_MS,
    maxAttempts: 1,
    run: async (_payload, { signal }) => {
      await check(signal);
    },
  });
}
