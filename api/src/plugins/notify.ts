import fp from 'fastify-plugin';
import { DAY_MS } from '@conveyor/shared';
import { getNotificationSettings } from '../db/repositories/notificationSettings.ts';
import type { Executor } from '../db/repositories/table.ts';
import { closeMailTransports } from '../notify/channels.ts';
import type { Subject } from '../notify/message.ts';
import { defineDeliveryJobs, queueDeliveries } from '../notify/notifier.ts';
import { purgeExpired, retentionCutoff } from '../notify/retention.ts';

declare module 'fastify' {
  interface FastifyInstance {
    notify: {
      /**
       * Queues the deliveries of a new lead or supplier application inside `db`, the
       * transaction that stores it; call `sent()` once it has committed.
       */
      queue(db: Executor, subject: Subject, id: number): Promise<number>;
      /** Starts queued deliveries now rather than at the runner's next poll. */
      sent(): void;
    };
  }
}

/** Lead and supplier-application delivery: kinds of job on the one runner. */
export default fp(
  async (app) => {
    defineDeliveryJobs(app.jobs, app.config, app.db.kysely);
    app.jobs.define('privacy.retention', {
      everyMs: DAY_MS,
      async run(_payload, { log }) {
        const { retention_months: months } = await getNotificationSettings(app.db.kysely);
        if (months === 0) return;
        const cutoff = retentionCutoff(new Date(), months);
        const deleted = await purgeExpired(app.db.kysely, cutoff);
        // The record of what the retention setting removed, and up to when.
        log.info({ deleted, months, cutoff: cutoff.toISOString() }, 'expired records deleted');
      },
    });
    app.decorate('notify', {
      queue: (db: Executor, subject: Subject, id: number) =>
        queueDeliveries(app.jobs, app.config, db, subject, id),
      sent: () => app.jobs.wake(),
    });
    app.addHook('onClose', async () => closeMailTransports());
  },
  { name: 'notify', dependencies: ['jobs', 'config'] },
);
