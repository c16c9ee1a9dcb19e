import type { Session, User } from '@conveyor/shared';
import Bowser from 'bowser';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { nowIso, toIso } from '../../lib/rows.ts';
import type { Executor } from './table.ts';
import { users } from './tables.ts';

/** Where a session was opened: shown to its owner so they can tell their devices apart. */
export interface SessionOrigin {
  ip: string;
  userAgent: string;
}

/** A User-Agent is the client's to write: kept no longer than any real one. */
const USER_AGENT_CHARS = 512;

/**
 * How stale a session's "last used" may get before a request writes it again: one write a
 * minute per signed-in user at most, not one per request.
 */
export const SESSION_TOUCH_MS = 60_000;

/** Opens a session for a user and returns its token; only the token's hash is stored. */
export async function createSession(
  db: Executor,
  userId: number,
  ttlMs: number,
  origin: SessionOrigin = { ip: '', userAgent: '' },
): Promise<string> {
  const token = newToken();
  const now = Date.now();
  const created = new Date(now).toISOString();
  await db
    .insertInto('sessions')
    .values({
      user_id: userId,
      token_hash: hashToken(token),
      created_at: created,
      last_used_at: created,
      expires_at: new Date(now + ttlMs).toISOString(),
      ip: origin.ip,
      user_agent: origin.userAgent.slice(0, USER_AGENT_CHARS),
    })
    .execute();
  return token;
}

/** The signed-in user and what the guard needs of their session. */
export interface SessionUser {
  user: User;
  sessionId: number;
  lastUsedAt: string | null;
}

/** The active user behind an unexpired session token, if there is one. */
export async function findSessionUser(
  db: Executor,
  tokenHash: string,
): Promise<SessionUser | undefined> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(users.shape.columns.map((column) => `users.${column}` as 'users.id'))
    .select(['sessions.id as session_id', 'sessions.last_used_at as session_last_used_at'])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.expires_at', '>', nowIso())
    .where('users.is_active', '=', true)
    .executeTakeFirst();
  if (!row) return undefined;
  const { session_id, session_last_used_at, ...user } = row;
  return {
    user: users.map(user),
    sessionId: session_id,
    lastUsedAt: session_last_used_at === null ? null : toIso(session_last_used_at),
  };
}

/** Records a use of the session, unless one was recorded within `SESSION_TOUCH_MS`. */
export async function touchSession(
  db: Executor,
  found: Pick<SessionUser, 'sessionId' | 'lastUsedAt'>,
  now = Date.now(),
): Promise<void> {
  if (found.lastUsedAt !== null && now - Date.parse(found.lastUsedAt) < SESSION_TOUCH_MS) return;
  await db
    .updateTable('sessions')
    .set({ last_used_at: new Date(now).toISOString() })
    .where('id', '=', found.sessionId)
    .execute();
}

/** "Chrome 142 on Windows": the browser and system a User-Agent names, or what it is. */
export function describeDevice(userAgent: string): string {
  if (!userAgent) return '';
  const { browser, os } = Bowser.parse(userAgent);
  const name = [browser.name, browser.version?.split('.')[0]].filter(Boolean).join(' ');
  const system = [os.name, os.versionName].filter(Boolean).join(' ');
  if (!name && !system) return userAgent.slice(0, 80);
  return system ? (name ? `${name} on ${system}` : system) : name;
}

/** A user's unexpired sessions, the latest used first; `current` marks the caller's own. */
export async function listUserSessions(
  db: Executor,
  userId: number,
  currentTokenHash: string | null,
): Promise<Session[]> {
  const rows = await db
    .selectFrom('sessions')
    .select([
      'id',
      'user_id',
      'token_hash',
      'created_at',
      'last_used_at',
      'expires_at',
      'ip',
      'user_agent',
    ])
    .where('user_id', '=', userId)
    .where('expires_at', '>', nowIso())
    .orderBy('last_used_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    user_id: row.user_id,
    device: describeDevice(row.user_agent),
    ip: row.ip,
    created_at: toIso(row.created_at),
    last_used_at: toIso(row.last_used_at ?? row.created_at),
    expires_at: toIso(row.expires_at),
    current: row.token_hash === currentTokenHash,
  }));
}

/** Ends one of a user's sessions; false when the user has no such session. */
export async function revokeUserSession(
  db: Executor,
  userId: number,
  sessionId: number,
): Promise<boolean> {
  const result = await db
    .deleteFrom('sessions')
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function revokeSession(db: Executor, tokenHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
}

/** Ends every session of a user, but the one given (a user changing their own password). */
export async function revokeUserSessions(
  db: Executor,
  userId: number,
  exceptTokenHash?: string | null,
): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .$if(Boolean(exceptTokenHash), (query) => query.where('token_hash', '<>', exceptTokenHash!))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function purgeExpiredSessions(db: Executor): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<=', nowIso()).execute();
}

export { hashToken };
