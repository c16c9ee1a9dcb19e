import type { User } from '@conveyor/shared';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { nowIso } from '../../lib/rows.ts';
import type { Executor } from './table.ts';
import { users } from './specs.ts';

/** Opens a session for a user and returns its token; only the token's hash is stored. */
export async function createSession(db: Executor, userId: number, ttlMs: number): Promise<string> {
  const token = newToken();
  const now = Date.now();
  await db
    .insertInto('sessions')
    .values({
      user_id: userId,
      token_hash: hashToken(token),
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + ttlMs).toISOString(),
    })
    .execute();
  return token;
}

/** The active user behind an unexpired session token, if there is one. */
export async function findSessionUser(db: Executor, tokenHash: string): Promise<User | undefined> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(users.spec.columns.map((column) => `users.${column}` as 'users.id'))
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.expires_at', '>', nowIso())
    .where('users.is_active', '=', true)
    .executeTakeFirst();
  return row ? users.map(row) : undefined;
}

export async function revokeSession(db: Executor, tokenHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
}

/** Ends every session of a user, but the one given (a user changing their own password). */
export async function revokeUserSessions(
  db: Executor,
  userId: number,
  exceptTokenHash?: string | null,
): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .$if(Boolean(exceptTokenHash), (query) => query.where('token_hash', '<>', exceptTokenHash!))
    .execute();
}

export async function purgeExpiredSessions(db: Executor): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<=', nowIso()).execute();
}

export { hashToken };
