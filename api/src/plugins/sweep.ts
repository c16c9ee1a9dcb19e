import { join } from 'node:path';
import fp from 'fastify-plugin';
import { sweepBackupLeftovers } from '../backup/leftovers.ts';
import { LocalStorage } from '../storage/local.ts';
import {
  defineUploadsSweep,
  sweepOrphans,
  sweepPartials,
  sweepTemporary,
} from '../storage/sweep.ts';

/**
 * The orphan sweep (see the crash drills): at every start, and hourly on one instance,
 * stored uploads that nothing names and temporary upload files, both past
 * UPLOADS_SWEEP_GRACE_MINUTES, are removed; so are the staging folders and partial archives of
 * killed backups (BACKUP_DIR) and the unpacked archives of killed restores (DATA_DIR), which
 * hold personal data. A server killed mid-upload leaves nothing behind for longer than that.
 */
export default fp(
  async (app) => {
    const graceMs = app.config.uploadsSweepGraceMs;
    const sweep = async () => {
      const files = await sweepOrphans(app.db.kysely, app.uploads, graceMs);
      let temporary = await sweepTemporary(join(app.config.dataDir, 'tmp', 'uploads'), graceMs);
      if (app.uploads instanceof LocalStorage) {
        temporary += await sweepPartials(app.uploads.root, graceMs);
      }
      if (files.length || temporary) {
        app.log.info({ files, temporary }, 'orphaned upload files removed');
      }
      const leftovers = await sweepBackupLeftovers(
        app.config.backup.dir,
        app.config.dataDir,
        graceMs,
      );
      if (leftovers.length) app.log.info({ leftovers }, 'leftovers of killed backups removed');
    };
    defineUploadsSweep(app.jobs, sweep);
    // at start, in the background: serving does not wait for a walk of the whole bucket
    app.addHook('onReady', async () => {
      sweep().catch((error: unknown) => app.log.error({ err: error }, 'upload sweep failed'));
    });
  },
  { name: 'sweep', dependencies: ['jobs', 'config', 'db', 'uploads'] },
);
