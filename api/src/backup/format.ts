import type { Database } from '../db/types.ts';

// The archive's format (DESIGN section 9, "Backups are portable"): a gzipped tar holding
//   manifest.json        what is inside, with a checksum of every other file;
//   data/<table>.jsonl   one JSON object per row, database-neutral (booleans true/false,
//                        timestamps ISO-8601 text, numbers and text as they are);
//   uploads/...          the uploaded files by their stored paths, from the folder or bucket.
// It restores into SQLite or PostgreSQL alike, so it is also the way from one to the other.

export const FORMAT = 'conveyor-backup';
/** Raised only when a reader of the old format could no longer read the new one. */
export const FORMAT_VERSION = 1;

/**
 * The tables an archive holds, in the order a restore inserts them: a table comes after those
 * its foreign keys point at (products after categories, leads after users and products), and
 * a restore empties them in the reverse order.
 */
export const TABLES = [
  'users',
  'categories',
  'products',
  'product_images',
  // The specifications' dictionary, the categories' templates and the products' values.
  'attributes',
  'category_attributes',
  'product_specs',
  // a product's related products
  'product_related',
  // the texts that are outdated: another language's changed since
  'translation_marks',
  'media',
  'project',
  // a product's, a project's or a category's documents; a lead may name one
  'documents',
  'leads',
  'suppliers',
  'notes',
  // buyers' Telegram chats with their leads, and the conversations (personal data)
  'lead_chats',
  'lead_messages',
  'testimonials',
  'clients',
  'settings',
  'notification_settings',
  // Who did what: the history of the data is part of the data.
  'audit_log',
  // Earlier states of the content, to undo with; their files are among the uploads.
  'revisions',
  'revision_files',
  // Changes staff saved and have not published yet; their pictures are among the uploads.
  'drafts',
  'draft_files',
  // Pending lead deliveries are jobs: a lead acknowledged but not yet delivered must still reach
  // sales after a move to another database. Finished jobs are the deliveries' history.
  'jobs',
  // Staff's pending publish times, with their jobs just above: they fire after a move too.
  'schedules',
  // Telegram's updates not yet worked through (acknowledged, so never sent again) and the
  // polling's offset: like the jobs, work that must not be lost in a move.
  'telegram_updates',
  'telegram_state',
] as const satisfies readonly (keyof Database)[];

/**
 * The tables left out, and why: each is a server's own short-lived state, not the catalogue's
 * or the customers' data, and a restored server makes them afresh.
 */
export const EXCLUDED = {
  // Sign-in tokens: a restore must not let an old token in; staff sign in again.
  sessions: 'sign-in sessions end with a restore',
  // Build history of the site this server published; the releases are not in the archive
  // and the restored server builds its own.
  publish_builds: 'site builds belong to the server that ran them',
  publish_triggers: 'what asked for those builds goes with them',
  // The device-cookie signing key: a secret a backup need not carry; a new one is made on start
  // (known devices are asked to sign in once more).
  server_keys: 'server secrets are made afresh',
  // Replay protection for rebuild webhooks, kept minutes only.
  webhook_receipts: 'webhook receipts expire within minutes',
} as const satisfies Partial<Record<keyof Database, string>>;

export type BackedUpTable = (typeof TABLES)[number];

// Every table of the schema is either backed up or left out on purpose: a table added to
// types.ts and to neither list fails the type check here.
type Unlisted = Exclude<keyof Database, BackedUpTable | keyof typeof EXCLUDED>;
const everyTableListed: [Unlisted] extends [never] ? true : Unlisted = true;
void everyTableListed;

/**
 * Tables a freshly started server fills by itself: its first admin account (users), the
 * settings records, its scheduled jobs, and the log of that admin signing in. A target holding
 * rows in these only, and at most one user, counts as empty: a restore may replace it without
 * --force.
 */
export const SELF_MADE: readonly BackedUpTable[] = [
  'users',
  'settings',
  'notification_settings',
  'jobs',
  'audit_log',
];

export interface FileEntry {
  size: number;
  sha256: string;
}

export interface TableEntry {
  rows: number;
  /** The columns of every row in data/<table>.jsonl. */
  columns: string[];
}

export interface Manifest {
  format: typeof FORMAT;
  version: number;
  created_at: string;
  dialect: 'sqlite' | 'postgres';
  /** The last migration applied to the database the archive was taken from. */
  schema_version: string;
  tables: Partial<Record<BackedUpTable, TableEntry>>;
  /** Every file of the archive but the manifest, by its path in the archive. */
  files: Record<string, FileEntry>;
}

export const dataFile = (table: string) => `data/${table}.jsonl`;

/**
 * A refusal to explain to whoever runs the command: a damaged archive, a non-empty target. The
 * CLI prints its message alone, without a stack.
 */
export class BackupError extends Error {
  override name = 'BackupError';
}

/** YYYYMMDD-HHMMSS in UTC: archive names sort by time. */
export function backupStamp(now: Date): string {
  return now
    .toISOString()
    .replace(/\.\d+Z$/, '')
    .replace(/[-:]/g, '')
    .replace('T', '-');
}

/** A manifest lists every upload with its checksum; a few MB is thousands of them. */
export const MAX_MANIFEST_BYTES = 16 * 1024 * 1024;
