import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

// How long each test file took, for the check's list of the slowest (scripts/check.ts): the
// vitest and Playwright reporters below append one JSON line per file to TEST_TIMES_FILE.

export interface FileTime {
  /** The vitest project or Playwright suite: `api:sqlite`, `admin e2e`. */
  suite: string;
  /** The file, from the repository's root. */
  file: string;
  seconds: number;
  /**
   * The file's tests that failed, each with the first line of its error: printed again at the
   * end of the check, where a CI log that keeps only its tail still shows what failed.
   */
  failures?: string[];
}

/** An error's first line, cut to a length a summary can hold. */
export function firstLine(message: string | undefined): string {
  const line = (message ?? '').trim().split('\n')[0] ?? '';
  return line.length > 200 ? `${line.slice(0, 200)}…` : line;
}

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export function recordTimes(times: FileTime[]): void {
  const out = process.env.TEST_TIMES_FILE;
  if (!out || !times.length) return;
  mkdirSync(dirname(out), { recursive: true });
  appendFileSync(
    out,
    times.map((time) => JSON.stringify({ ...time, file: relative(ROOT, time.file) })).join('\n') +
      '\n',
  );
}
