import type { Kysely } from 'kysely';

// Frozen in time, like every migration. A successful build records a hash of the content it
// was built from, so the publisher can tell, at its start and now and then, whether the
// content moved on without a rebuild request (a process that died between a save's commit
// and the recording of its request) and catch up.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration sees no app types
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('publish_builds').addColumn('data_hash', 'text').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('publish_builds').dropColumn('data_hash').execute();
}
