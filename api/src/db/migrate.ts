import type { Kysely } from 'kysely';
import {
  DEFAULT_MIGRATION_TABLE,
  type Migration,
  type MigrationProvider,
  type MigrationResultSet,
  Migrator,
} from 'kysely/migration';
import * as initial from './migrations/2026_11_22_0001_initial.ts';
import * as publishing from './migrations/2026_11_22_0002_publishing.ts';
import * as settingsCreatedAt from './migrations/2026_11_23_0001_settings_created_at.ts';
import * as publishingWorkers from './migrations/2026_11_23_0002_publishing_workers.ts';
import * as productsVisibleIndex from './migrations/2026_11_23_0003_products_visible_index.ts';
import * as security from './migrations/2026_11_23_0004_security.ts';
import * as jobs from './migrations/2026_11_24_0001_jobs.ts';
import * as notifications from './migrations/2026_11_24_0002_notifications.ts';
import * as leadWorkflow from './migrations/2026_11_24_0003_lead_workflow.ts';
import * as roles from './migrations/2026_11_24_0004_roles.ts';
import * as sessionDetails from './migrations/2026_11_24_0005_session_details.ts';
import * as auditLog from './migrations/2026_11_24_0006_audit_log.ts';
import * as revisions from './migrations/2026_11_24_0007_revisions.ts';
import * as twoFactor from './migrations/2026_11_24_0008_two_factor.ts';
import * as fullBuilds from './migrations/2026_11_24_0020_full_builds.ts';
import * as schedules from './migrations/2026_11_25_0001_schedules.ts';
import * as drafts from './migrations/2026_11_25_0002_drafts.ts';
import * as buildTriggers from './migrations/2026_11_25_0003_build_triggers.ts';
import * as draftFiles from './migrations/2026_11_26_0001_draft_files.ts';
import * as buildDataHash from './migrations/2026_11_26_0002_build_data_hash.ts';
import * as lineEndings from './migrations/2026_11_26_0010_line_endings.ts';
import * as specifications from './migrations/2026_11_27_0001_specifications.ts';
import * as leadParameters from './migrations/2026_11_27_0002_lead_parameters.ts';
import * as documents from './migrations/2026_11_28_0001_documents.ts';
import * as relatedProducts from './migrations/2026_11_28_0002_related_products.ts';
import * as pictureAltTexts from './migrations/2026_11_28_0003_picture_alt_texts.ts';
import * as outdatedTranslations from './migrations/2026_11_28_0004_outdated_translations.ts';
import * as orderedParts from './migrations/2026_11_29_0001_ordered_parts.ts';
import * as scheduleFailures from './migrations/2026_11_29_0002_schedule_failures.ts';
import * as documentPositions from './migrations/2026_11_30_0001_document_positions.ts';
import * as leadDuty from './migrations/2026_12_01_0001_lead_duty.ts';
import * as leadItems from './migrations/2026_12_01_0002_lead_items.ts';
import * as telegramChat from './migrations/2026_12_02_0001_telegram_chat.ts';
import * as listOrderIndexes from './migrations/2026_12_03_0001_list_order_indexes.ts';

/** Every migration, by its timestamped name; a new one is appended, none is ever edited. */
const migrations: Record<string, Migration> = {
  '2026_11_22_0001_initial': initial,
  '2026_11_22_0002_publishing': publishing,
  '2026_11_23_0001_settings_created_at': settingsCreatedAt,
  '2026_11_23_0002_publishing_workers': publishingWorkers,
  '2026_11_23_0003_products_visible_index': productsVisibleIndex,
  '2026_11_23_0004_security': security,
  '2026_11_24_0001_jobs': jobs,
  '2026_11_24_0002_notifications': notifications,
  '2026_11_24_0003_lead_workflow': leadWorkflow,
  '2026_11_24_0004_roles': roles,
  '2026_11_24_0005_session_details': sessionDetails,
  '2026_11_24_0006_audit_log': auditLog,
  '2026_11_24_0007_revisions': revisions,
  '2026_11_24_0008_two_factor': twoFactor,
  '2026_11_24_0020_full_builds': fullBuilds,
  '2026_11_25_0001_schedules': schedules,
  '2026_11_25_0002_drafts': drafts,
  '2026_11_25_0003_build_triggers': buildTriggers,
  '2026_11_26_0001_draft_files': draftFiles,
  '2026_11_26_0002_build_data_hash': buildDataHash,
  '2026_11_26_0010_line_endings': lineEndings,
  '2026_11_27_0001_specifications': specifications,
  '2026_11_27_0002_lead_parameters': leadParameters,
  '2026_11_28_0001_documents': documents,
  '2026_11_28_0002_related_products': relatedProducts,
  '2026_11_28_0003_picture_alt_texts': pictureAltTexts,
  '2026_11_28_0004_outdated_translations': outdatedTranslations,
  '2026_11_29_0001_ordered_parts': orderedParts,
  '2026_11_29_0002_schedule_failures': scheduleFailures,
  '2026_11_30_0001_document_positions': documentPositions,
  '2026_12_01_0001_lead_duty': leadDuty,
  '2026_12_01_0002_lead_items': leadItems,
  '2026_12_02_0001_telegram_chat': telegramChat,
  '2026_12_03_0001_list_order_indexes': listOrderIndexes,
};

export const FIRST_MIGRATION = '2026_11_22_0001_initial';

/** Every migration's name, oldest first: the last one applied is a database's schema version. */
export const MIGRATION_NAMES: readonly string[] = Object.keys(migrations).sort();

/** Kysely's record of the applied migrations (the migrator's default table). */
export const MIGRATION_TABLE = DEFAULT_MIGRATION_TABLE;

const provider: MigrationProvider = { getMigrations: async () => migrations };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- works on any schema
type AnySchema = Kysely<any>;

async function migrate(
  db: AnySchema,
  step: (migrator: Migrator) => Promise<MigrationResultSet>,
): Promise<string[]> {
  const { error, results = [] } = await step(new Migrator({ db, provider }));
  const failed = results.find((result) => result.status === 'Error');
  if (error || failed) {
    const cause = error instanceof Error ? error : new Error(String(error));
    throw new Error(`database migration ${failed?.migrationName ?? ''} failed: ${cause.message}`, {
      cause,
    });
  }
  return results.map((result) => result.migrationName);
}

/**
 * Brings the schema up to date. A failure throws with the migration's name and cause, so the
 * server refuses to start on a half-migrated database instead of running against it.
 */
export function migrateToLatest(db: AnySchema): Promise<string[]> {
  return migrate(db, (migrator) => migrator.migrateToLatest());
}

/**
 * Brings the schema up to the named migration, and no further. Only ever forward: a restore
 * loads an older archive at its own schema, then migrates on (see backup/restore.ts).
 */
export async function migrateUpTo(db: AnySchema, name: string): Promise<string[]> {
  const current = await appliedVersion(db);
  if (current !== null && current > name) {
    throw new Error(`the database is at ${current}, past ${name}: migrations never go back`);
  }
  return migrate(db, (migrator) => migrator.migrateTo(name));
}

/** The last migration applied to a database, or null for a database without our schema. */
export async function appliedVersion(db: AnySchema): Promise<string | null> {
  const migrations = await new Migrator({ db, provider }).getMigrations();
  return migrations.findLast((migration) => migration.executedAt)?.name ?? null;
}
