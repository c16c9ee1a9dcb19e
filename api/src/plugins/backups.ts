import fp from 'fastify-plugin';
import type { BackupSchedule } from '../backup/schedule.ts';
import { defineBackupJob } from '../backup/schedule.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where the server's backups go, how often and how many are kept (BACKUP_*). */
    backupSchedule: BackupSchedule;
  }
}

/** Scheduled backups and "back up now": one kind of job on the runner. */
export default fp(
  async (app) => {
    const { config } = app;
    const schedule: BackupSchedule = {
      databaseUrl: config.databaseUrl,
      sqliteFile: config.sqliteFile,
      uploads: app.uploads,
      ...config.backup,
    };
    defineBackupJob(app.jobs, schedule);
    app.decorate('backupSchedule', schedule);
  },
  { name: 'backups', dependencies: ['jobs', 'config', 'uploads'] },
);
