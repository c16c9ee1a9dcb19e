import type { FromSchema } from 'json-schema-to-ts';
import { recordSchema } from './common.ts';
import { dataResponseSchema } from './list.ts';

// The backups screen: the archives in BACKUP_DIR, the schedule, the backup under
// way and the last failure. Administrators only: an archive holds every lead and user.

const nullableString = { type: ['string', 'null'] } as const;

/** What an archive's manifest says it holds. */
export const backupSummarySchema = recordSchema({
  dialect: { type: 'string', enum: ['sqlite', 'postgres'] },
  /** The last migration applied to the database it was taken from. */
  schemaVersion: { type: 'string' },
  /** Rows per table. */
  tables: { type: 'object', additionalProperties: { type: 'integer' } },
  /** Uploaded files in it. */
  uploads: { type: 'integer' },
});

/** One archive in BACKUP_DIR. */
export const backupArchiveSchema = recordSchema({
  /** The file name: also its address, GET /api/backups/{name}. */
  name: { type: 'string' },
  bytes: { type: 'integer' },
  /** When it was taken (its manifest), else the file's time. */
  createdAt: { type: 'string' },
  /** Made by the server (scheduled or "back up now") and pruned to BACKUP_KEEP; else `pnpm backup`'s. */
  auto: { type: 'boolean' },
  /** Null when the archive's manifest cannot be read. */
  summary: { anyOf: [backupSummarySchema, { type: 'null' }] },
});

/** A backup job: queued, running, or just asked for. */
export const backupJobSchema = recordSchema({
  id: { type: 'integer' },
  status: { type: 'string', enum: ['queued', 'running', 'done', 'failed'] },
  /** When it starts (queued: possibly a retry after a failure). */
  runAt: { type: 'string' },
  attempts: { type: 'integer' },
});

export const backupStatusSchema = recordSchema({
  schedule: recordSchema({
    /** BACKUP_INTERVAL_HOURS > 0. */
    enabled: { type: 'boolean' },
    intervalHours: { type: 'number' },
    keep: { type: 'integer' },
  }),
  /** Newest first. */
  archives: { type: 'array', items: backupArchiveSchema },
  /** The backup queued or running, if any. */
  pending: { anyOf: [backupJobSchema, { type: 'null' }] },
  /** The newest failure not followed by a success: its error, and the retry if one is due. */
  lastFailure: {
    anyOf: [
      recordSchema({ at: { type: 'string' }, error: { type: 'string' }, retryAt: nullableString }),
      { type: 'null' },
    ],
  },
  /** When the newest archive was taken. */
  lastGoodAt: nullableString,
  /** Scheduling is on and the last good backup is older than twice the interval. */
  stale: { type: 'boolean' },
});

export type BackupArchive = FromSchema<typeof backupArchiveSchema>;
export type BackupJob = FromSchema<typeof backupJobSchema>;
export type BackupStatus = FromSchema<typeof backupStatusSchema>;

/** GET /api/backups. */
export const backupStatusAnswerSchema = dataResponseSchema(backupStatusSchema);
/** POST /api/backups: the job that will write the archive (202). */
export const backupJobAnswerSchema = dataResponseSchema(backupJobSchema);
