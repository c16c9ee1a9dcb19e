import fp from 'fastify-plugin';
import { DAY_MS } from '@conveyor/shared';
import { pruneRevisions } from '../revisions/prune.ts';

/**
 * The daily prune of content history: revisions past REVISIONS_KEEP_DAYS or beyond
 * REVISIONS_PER_RECORD go, records in the trash for more than TRASH_DAYS go for good, and with
 * them the image files nothing else names.
 */
export default fp(
  async (app) => {
    app.jobs.define('revisions.prune', {
      everyMs: DAY_MS,
      async run(_payload, { log }) {
        const { revisions, files, purged } = await pruneRevisions(
          app.db.kysely,
          app.config.revisions,
        );
        await app.images.remove(files);
        // nothing pruned is not news at info (every start logged it)
        log[revisions || purged || files.length ? 'info' : 'debug'](
          { revisions, purged, files: files.length },
          'revisions pruned',
        );
      },
    });
  },
  { name: 'revisions', dependencies: ['jobs', 'config', 'db', 'uploads'] },
);
