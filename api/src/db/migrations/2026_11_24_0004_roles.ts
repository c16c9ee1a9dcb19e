import { type Kysely, sql } from 'kysely';

// Frozen in time, like every migration. Roles: each user has one; every user of
// before roles becomes an admin, so a company that wants the spec's two levels (visitors and
// administrators) keeps exactly that.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration sees no app types
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('role', 'text', (c) =>
      c
        .notNull()
        .defaultTo('admin')
        .check(sql`role in ('admin', 'editor', 'sales')`),
    )
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('users').dropColumn('role').execute();
}
