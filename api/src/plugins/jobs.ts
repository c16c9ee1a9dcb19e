import fp from 'fastify-plugin';
import { defineAuditRetention } from '../audit/retention.ts';
import { JOB_KINDS } from '../jobs/kinds.ts';
import { defineJobsPrune } from '../jobs/prune.ts';
import { JobRunner } from '../jobs/runner.ts';
import type { Clock } from '../lib/clock.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The durable job runner: features define their kinds of job on it while registering. */
    jobs: JobRunner;
  }
}

/**
 * One job runner per instance, on the app's database. Kinds are defined by the plugins that
 * own them, each one listed in jobs/kinds.ts (the runner refuses any other); the runner starts once everything is registered and stops (waiting for
 * running jobs to record their outcome) before the database closes.
 */
export default fp<{ clock?: Clock }>(
  async (app, { clock }) => {
    const runner = new JobRunner({
      db: app.db.kysely,
      log: app.log.child({ name: 'jobs' }),
      clock,
      kinds: Object.keys(JOB_KINDS),
    });
    app.decorate('jobs', runner);
    // the housekeeping of the runner's own table and of the activity log, which no plugin owns
    defineJobsPrune(runner, app.db.kysely);
    defineAuditRetention(runner, app.db.kysely, app.config.auditRetentionDays);
    app.addHook('onReady', async () => runner.start());
    // Registered after the db plugin, so this onClose hook runs before the database closes.
    app.addHook('onClose', async () => runner.stop());
  },
  { name: 'jobs', dependencies: ['config', 'db'] },
);
