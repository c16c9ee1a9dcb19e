import type { Kysely } from 'kysely';

// Frozen in time, like every migration. Publishing across several API instances and automatic
// retries: `owner` names the instance (host:pid) running a build, so a restart marks as
// interrupted only builds it could have run; `attempt` counts automatic retries of a failed
// build (0 for a requested one); `not_before` holds a queued row back until then (a retry's
// backoff, or the time of a rebuild asked for at once). SQLite adds one column per statement.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration sees no app types
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('publish_builds').addColumn('owner', 'text').execute();
  await db.schema
    .alterTable('publish_builds')
    .addColumn('attempt', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('publish_builds').addColumn('not_before', 'text').execute();
}

export async function down(db: Db): Promise<void> {
  for (const column of ['not_before', 'attempt', 'owner']) {
    await db.schema.alterTable('publish_builds').dropColumn(column).execute();
  }
}
