import type { Executor } from './table.ts';

/** What sign-in needs to know about a user name; user names are stored lower-cased. */
export async function findCredentials(db: Executor, userName: string) {
  return db
    .selectFrom('users')
    .select(['id', 'user_name', 'password_hash', 'is_active', 'two_factor'])
    .where('user_name', '=', userName.trim().toLowerCase())
    .executeTakeFirst();
}

export async function countUsers(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Ids of the active admins. Inside a PostgreSQL transaction `lockRows` holds them until commit,
 * so two admins cannot each remove "one of the two last" admins at the same moment (SQLite
 * writes are serialised already).
 */
export async function activeAdminIds(db: Executor, lockRows: boolean): Promise<number[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('is_active', '=', true)
    .where('role', '=', 'admin')
    .$if(lockRows, (query) => query.forUpdate())
    .execute();
  return rows.map((row) => row.id);
}

export async function findConflicts(
  db: Executor,
  values: { user_name?: string | undefined; email?: string | undefined },
  exceptId?: number,
): Promise<{ userName: boolean; email: boolean }> {
  const conflicts = { userName: false, email: false };
  if (values.user_name === undefined && values.email === undefined) return conflicts;
  const rows = await db
    .selectFrom('users')
    .select(['id', 'user_name', 'email'])
    .where((eb) =>
      eb.or([
        ...(values.user_name !== undefined ? [eb('user_name', '=', values.user_name)] : []),
        ...(values.email !== undefined ? [eb('email', '=', values.email)] : []),
      ]),
    )
    .execute();
  for (const row of rows) {
    if (row.id === exceptId) continue;
    if (row.user_name === values.user_name) conflicts.userName = true;
    if (row.email === values.email) conflicts.email = true;
  }
  return conflicts;
}
