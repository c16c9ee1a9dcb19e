/** Row mapping shared by the repositories: one shape for SQLite and PostgreSQL results. */

export function toIso(value: Date | string): string {
  if (typeof value === 'string') return value;
  return value.toISOString();
}

export function nowIso(): string {
  return new Date().toISOString();
}

/**
 * Builds a mapper that turns a database row into its API shape: 0/1 into booleans, dates
 * into ISO strings, lists kept as JSON text (`json`) into lists, and counts (`numbers`) into
 * numbers. The column lists are fixed
 * per table, so the work per row is a few assignments.
 */
export function rowMapper<T>(
  booleans: readonly string[],
  timestamps: readonly string[],
  json: readonly string[] = [],
  numbers: readonly string[] = [],
) {
  return (row: Record<string, unknown>): T => {
    const out: Record<string, unknown> = { ...row };
    // counts: PostgreSQL answers a bigint as text
    for (const key of numbers) if (key in out) out[key] = Number(out[key]);
    for (const key of booleans) if (key in out) out[key] = Boolean(out[key]);
    for (const key of json) if (typeof out[key] === 'string') out[key] = JSON.parse(out[key]);
    for (const key of timestamps) {
      const value = out[key];
      if (value instanceof Date) out[key] = value.toISOString();
    }
    return out as T;
  };
}
