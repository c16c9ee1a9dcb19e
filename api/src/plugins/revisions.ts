import fp from 'fastify-plugin';
import { defineRevisionsPrune } from '../revisions/prune.ts';

/**
 * The daily prune of content history: revisions past REVISIONS_KEEP_DAYS or beyond
 * REVISIONS_PER_RECORD go, records in the trash for more than TRASH_DAYS go for good, and with
 * them the image files nothing else names.
 */
export default fp(
  async (app) => {
    defineRevisionsPrune(app.jobs, app.db.kysely, app.config.revisions, (files) =>
      app.images.remove(files),
    );
  },
  { name: 'revisions', dependencies: ['jobs', 'config', 'db', 'uploads'] },
);
