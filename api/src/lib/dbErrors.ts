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
