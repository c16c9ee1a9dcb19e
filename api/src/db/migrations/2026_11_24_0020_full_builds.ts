import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// Frozen in time, like every migration. Builds render only the pages whose data changed
//; `full` marks a build asked to render every page (the back office's Rebuild).

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration sees no app types
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .alterTable('publish_builds')
    .addColumn('full', 'boolean', (c) => c.notNull().defaultTo(sql`false`))
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('publish_builds').dropColumn('full').execute();
}
