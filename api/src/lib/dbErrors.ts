/** Recognises constraint violations from either database driver. */

interface DriverError {
  /** PostgreSQL's SQLSTATE (`23505`); node:sqlite's `ERR_SQLITE_ERROR`. */
  code?: unknown;
  /** node:sqlite: SQLite's extended result code. */
  errcode?: unknown;
}

// SQLite's extended result codes (https://sqlite.org/rescode.html)
const SQLITE_CONSTRAINT_FOREIGNKEY = 787;
const SQLITE_CONSTRAINT_PRIMARYKEY = 1555;
const SQLITE_CONSTRAINT_UNIQUE = 2067;

const sqliteCode = (error: unknown): unknown =>
  (error as DriverError | null)?.code === 'ERR_SQLITE_ERROR'
    ? (error as DriverError).errcode
    : undefined;

export function isUniqueViolation(error: unknown): boolean {
  const code = sqliteCode(error);
  return (
    (error as DriverError | null)?.code === '23505' ||
    code === SQLITE_CONSTRAINT_UNIQUE ||
    code === SQLITE_CONSTRAINT_PRIMARYKEY
  );
}

export function isForeignKeyViolation(error: unknown): boolean {
  return (
    (error as DriverError | null)?.code === '23503' ||
    sqliteCode(error) === SQLITE_CONSTRAINT_FOREIGNKEY
  );
}

// PostgreSQL's SQLSTATEs of a transaction it aborted because of another running beside it
const PG_SERIALIZATION_FAILURE = '40001';
const PG_DEADLOCK_DETECTED = '40P01';
// SQLite's primary result code (the low byte of the extended one) for a database another
// connection holds locked past our busy timeout (another process on the file: a CLI command)
const SQLITE_BUSY = 5;

/**
 * Whether the database gave up a statement because another transaction ran into it at the
 * same moment: PostgreSQL aborted one of two transactions that waited for each other's locks
 * (a deadlock) or that could not both be kept at their isolation level, or SQLite's file
 * stayed locked by another connection. Nothing is wrong with the request: the same request
 * a moment later succeeds.
 */
export function isConcurrencyConflict(error: unknown): boolean {
  const code = (error as DriverError | null)?.code;
  if (code === PG_DEADLOCK_DETECTED || code === PG_SERIALIZATION_FAILURE) return true;
  const sqlite = sqliteCode(error);
  return typeof sqlite === 'number' && (sqlite & 0xff) === SQLITE_BUSY;
}
