import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// Frozen in time, like every migration. Two-factor sign-in, on the user's row:
// - `two_factor`: on or off (the API shows it; everything else here stays on the server);
// - `two_factor_secret`: the TOTP secret, encrypted (AES-256-GCM, a server key), once confirmed;
// - `two_factor_pending`: the secret of a set-up started and not yet confirmed, encrypted alike;
// - `two_factor_last_step`: the time step of the last code accepted, so no code counts twice;
// - `two_factor_recovery`: the one-time recovery codes' SHA-256 hashes, a JSON array.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration sees no app types
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  // SQLite adds one column per ALTER TABLE.
  await db.schema
    .alterTable('users')
    .addColumn('two_factor', 'boolean', (c) => c.notNull().defaultTo(sql`false`))
    .execute();
  for (const column of ['two_factor_secret', 'two_factor_pending', 'two_factor_recovery']) {
    await db.schema.alterTable('users').addColumn(column, 'text').execute();
  }
  await db.schema.alterTable('users').addColumn('two_factor_last_step', 'integer').execute();
}

export async function down(db: Db): Promise<void> {
  for (const column of [
    'two_factor_last_step',
    'two_factor_recovery',
    'two_factor_pending',
    'two_factor_secret',
    'two_factor',
  ]) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
}
