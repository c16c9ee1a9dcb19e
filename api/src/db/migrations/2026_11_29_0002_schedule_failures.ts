import type { Kysely } from 'kysely';

// Frozen in time, like every migration. A schedule whose time came and whose change was
// refused (a draft that would take a record past a cap) stays, marked failed: when, the
// refusal's English message and its error code (for staff's language). Null: not failed.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration sees no app types
type Db = Kysely<any>;

const COLUMNS = ['failed_at', 'failure', 'failure_code'] as const;

export async function up(db: Db): Promise<void> {
  for (const column of COLUMNS) {
    await db.schema.alterTable('schedules').addColumn(column, 'text').execute();
  }
}

export async function down(db: Db): Promise<void> {
  for (const column of COLUMNS) {
    await db.schema.alterTable('schedules').dropColumn(column).execute();
  }
}
