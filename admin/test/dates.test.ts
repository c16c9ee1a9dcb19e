import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatDateTime, formatTime } from '../src/common/dates.ts';

// Before, Leads, Trash and Activity showed `11/26/2026, 11:17:24 AM` (react-admin's DateField,
// the browser's language) in uz and ru, while Publishing, notes and History showed `26/11/2026`.
describe('one date and time format per language', () => {
  const instant = '2026-11-26T11:17:24Z';

  it('formats a date and time alike everywhere, by the language, on a 24-hour clock', () => {
    expect(formatDateTime(instant, 'uz', 'UTC')).toBe('26/11/2026, 11:17');
    expect(formatDateTime(instant, 'ru', 'UTC')).toBe('26.11.2026, 11:17');
    expect(formatDateTime(instant, 'en', 'UTC')).toBe('26/11/2026, 11:17');
    expect(formatDateTime('2026-11-26T23:05:00Z', 'en', 'UTC')).toBe('26/11/2026, 23:05');
    expect(formatTime(instant, 'ru', 'UTC')).toBe('11:17');
  });

  it('says "—" for no date or a broken one, and reads an unknown language as Uzbek', () => {
    expect(formatDateTime(null, 'uz')).toBe('—');
    expect(formatDateTime('', 'ru')).toBe('—');
    expect(formatDateTime('not a date', 'en')).toBe('—');
    expect(formatDateTime(instant, 'de', 'UTC')).toBe(formatDateTime(instant, 'uz', 'UTC'));
  });

  it('is the only way the back office renders a date', () => {
    const source = join(import.meta.dirname, '../src');
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const path = join(dir, name);
        return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(name) ? [path] : [];
      });
    const others = files(source)
      .filter((path) => !path.endsWith(join('common', 'dates.ts')))
      .filter((path) =>
        /\b(DateField|toLocaleString|toLocaleDateString|toLocaleTimeString|DateTimeFormat)\b/.test(
          readFileSync(path, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, ''),
        ),
      )
      .map((path) => relative(source, path));
    expect(others).toEqual([]);
  });
});
