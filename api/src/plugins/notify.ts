import fp from 'fastify-plugin';
import type { Executor } from '../db/repositories/table.ts';
import { closeMailTransports } from '../notify/channels.ts';
import type { Subject } from '../notify/message.ts';
import { defineDeliveryJobs, queueDeliveries } from '../notify/notifier.ts';
import { definePrivacyRetention } from '../notify/retention.ts';

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
    definePrivacyRetention(app.jobs, app.db.kysely);
    app.decorate('notify', {
      queue: (db: Executor, subject: Subject, id: number) =>
        queueDeliveries(app.jobs, app.config, db, subject, id),
      sent: () => app.jobs.wake(),
    });
    app.addHook('onClose', async () => closeMailTransports());
  },
  { name: 'notify', dependencies: ['jobs', 'config'] },
);
