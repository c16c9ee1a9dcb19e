import fp from 'fastify-plugin';
import { DAY_MS } from '@conveyor/shared';
import { pruneJobs } from '../db/repositories/jobs.ts';
import { JobRunner } from '../jobs/runner.ts';
import type { Clock } from '../lib/clock.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The durable job runner: features define their kinds of job on it while registering. */
    jobs: JobRunner;
  }
}

/** Finished jobs are kept this long, for the status screens, then pruned. */
const KEEP_FINISHED_DAYS = 30;

/**
 * One job runner per instance, on the app's database. Kinds are defined by the plugins and
 * routes that own them; the runner starts once everything is registered and stops (waiting for
 * running jobs to record their outcome) before the database closes.
 */
export default fp<{ clock?: Clock }>(
  async (app, { clock }) => {
    const runner = new JobRunner({
      db: app.db.kysely,
      log: app.log.child({ name: 'jobs' }),
      clock,
    });
    app.decorate('jobs', runner);
    runner.define('jobs.prune', {
      everyMs: DAY_MS,
      async run(_payload, { log }) {
        const pruned = await pruneJobs(
          app.db.kysely,
          new Date(Date.now() - KEEP_FINISHED_DAYS * DAY_MS),
        );
        log[pruned ? 'info' : 'debug']({ pruned }, 'finished jobs pruned');
      },
    });
    app.addHook('onReady', async () => runner.start());
    // Registered after the db plugin, so this onClose hook runs before the database closes.
    app.addHook('onClose', async () => runner.stop());
  },
  { name: 'jobs', dependencies: ['db'] },
);
