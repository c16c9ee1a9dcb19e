import { nowIso } from '../../lib/rows.ts';
import type { Executor } from './table.ts';

// The users table's one repository besides the generic one of the users resource (tables.ts,
// what the users routes list and edit): accounts, sign-in, passwords and two-factor columns.

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

/** Whether a user of that id exists (a restored note's author may be gone since). */
export async function userExists(db: Executor, id: number): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

/** What an account is made of when it is created outside the users routes (the first admin). */
export interface NewAccount {
  user_name: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  email: string;
}

export async function insertAccount(db: Executor, account: NewAccount): Promise<void> {
  const now = nowIso();
  await db
    .insertInto('users')
    .values({ ...account, avatar: null, is_active: true, created_at: now, updated_at: now })
    .execute();
}

/** The stored password hash of a user, to check a password against; fails without the user. */
export async function passwordHashOf(db: Executor, id: number): Promise<string> {
  const row = await db
    .selectFrom('users')
    .select('password_hash')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.password_hash;
}

export async function setPasswordHash(db: Executor, id: number, hash: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: hash, updated_at: nowIso() })
    .where('id', '=', id)
    .execute();
}

// A user's two-factor columns. The secrets arrive and leave sealed (lib/twoFactor.ts);
// none of this is in the user record the API answers but `two_factor`.

export interface TwoFactorRow {
  enabled: boolean;
  /** Sealed; null until a set-up is confirmed. */
  secret: string | null;
  /** Sealed; a set-up started and not yet confirmed. */
  pending: string | null;
  lastStep: number | null;
  /** SHA-256 hashes of the unused recovery codes. */
  recovery: string[];
}

function parseHashes(text: string | null): string[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((item) => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

export async function readTwoFactor(
  db: Executor,
  userId: number,
): Promise<TwoFactorRow | undefined> {
  const row = await db
    .selectFrom('users')
    .select([
      'two_factor',
      'two_factor_secret',
      'two_factor_pending',
      'two_factor_last_step',
      'two_factor_recovery',
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    enabled: Boolean(row.two_factor),
    secret: row.two_factor_secret,
    pending: row.two_factor_pending,
    lastStep: row.two_factor_last_step === null ? null : Number(row.two_factor_last_step),
    recovery: parseHashes(row.two_factor_recovery),
  };
}

export async function savePending(db: Executor, userId: number, sealed: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ two_factor_pending: sealed })
    .where('id', '=', userId)
    .execute();
}

/**
 * Turns it on with the confirmed secret, the step of the confirming code (not to be used again)
 * and the recovery codes' hashes. Only if the set-up confirmed is still the pending one: two
 * set-ups racing cannot leave a secret on that the user's app does not hold.
 */
export async function enableTwoFactor(
  db: Executor,
  userId: number,
  values: { pending: string; secret: string; step: number; recovery: string[] },
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({
      two_factor: true,
      two_factor_secret: values.secret,
      two_factor_pending: null,
      two_factor_last_step: values.step,
      two_factor_recovery: JSON.stringify(values.recovery),
      updated_at: nowIso(),
    })
    .where('id', '=', userId)
    .where('two_factor_pending', '=', values.pending)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Claims a code's step; false when that step, or a later one, was claimed already. One
 * conditional write, strictly later than the last step, and the rows it changed decide: of two
 * requests with the same code at once (on any instance), the second finds the step taken.
 */
export async function acceptStep(db: Executor, userId: number, step: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ two_factor_last_step: step })
    .where('id', '=', userId)
    .where('two_factor', '=', true)
    .where((eb) =>
      eb.or([eb('two_factor_last_step', 'is', null), eb('two_factor_last_step', '<', step)]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Strikes a recovery code off; the number left, or null when it is not one of the user's unused
 * codes. The list is replaced only if nobody changed it meanwhile (compare and swap), so a code
 * used by two requests at once counts for one of them only.
 */
export async function useRecoveryCode(
  db: Executor,
  userId: number,
  hash: string,
): Promise<number | null> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const row = await db
      .selectFrom('users')
      .select('two_factor_recovery')
      .where('id', '=', userId)
      .where('two_factor', '=', true)
      .executeTakeFirst();
    const hashes = parseHashes(row?.two_factor_recovery ?? null);
    if (!row || !hashes.includes(hash)) return null;
    const left = hashes.filter((item) => item !== hash);
    const result = await db
      .updateTable('users')
      .set({ two_factor_recovery: JSON.stringify(left) })
      .where('id', '=', userId)
      .where('two_factor_recovery', '=', row.two_factor_recovery)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) > 0) return left.length;
  }
  return null;
}

export async function replaceRecoveryCodes(
  db: Executor,
  userId: number,
  hashes: string[],
): Promise<void> {
  await db
    .updateTable('users')
    .set({ two_factor_recovery: JSON.stringify(hashes) })
    .where('id', '=', userId)
    .execute();
}

/** Off, and everything of it forgotten: turning it on again starts with a new secret. */
export async function disableTwoFactor(db: Executor, userId: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({
      two_factor: false,
      two_factor_secret: null,
      two_factor_pending: null,
      two_factor_last_step: null,
      two_factor_recovery: null,
      updated_at: nowIso(),
    })
    .where('id', '=', userId)
    .where('two_factor', '=', true)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
