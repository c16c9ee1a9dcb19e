import { ADMIN_DEFAULT_LANGUAGE, isLanguage, type Language } from '@conveyor/shared';

/**
 * The one date-and-time format of the back office, per language, the same on every screen and
 * in every browser (a browser's own writes `11/26/2026, 11:17:24 AM` whatever the screen's
 * language): uz `26/11/2026, 11:17`, ru `26.11.2026, 11:17`, en `26/11/2026, 11:17`, a 24-hour
 * clock in the browser's time zone. Every date on screen goes through here (DateTimeField,
 * useFormat).
 */
/**
 * How each language writes the date; the numbers come from one `en-GB` formatter. The
 * browsers' own Uzbek data differ (Chromium writes `2026-11-26 15:35`, Node
 * `26/11/2026, 15:35`), so the pattern is ours rather than the locale's.
 */
const DATE_SEPARATOR: Record<Language, string> = { uz: '/', ru: '.', en: '/' };

const NUMBERS: Intl.DateTimeFormatOptions = {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};

const formats = new Map<string, Intl.DateTimeFormat>();

/** Day, month, year, hour and minute of an instant, two digits each (four for the year). */
function partsOf(date: Date, timeZone?: string) {
  const key = timeZone ?? '';
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { ...NUMBERS, timeZone });
    formats.set(key, format);
  }
  const parts: Record<string, string> = {};
  for (const { type, value } of format.formatToParts(date)) parts[type] = value;
  return parts as Record<'day' | 'month' | 'year' | 'hour' | 'minute', string>;
}

function parse(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const languageOf = (locale: string): Language =>
  isLanguage(locale) ? locale : ADMIN_DEFAULT_LANGUAGE;

/** A date and time (an ISO string, a Date or a number) in a language; '—' for none. */
export function formatDateTime(
  value: string | number | Date | null | undefined,
  locale: string,
  timeZone?: string,
): string {
  const date = parse(value);
  if (!date) return '—';
  const { day, month, year, hour, minute } = partsOf(date, timeZone);
  const separator = DATE_SEPARATOR[languageOf(locale)];
  return `${day}${separator}${month}${separator}${year}, ${hour}:${minute}`;
}

/** The time of day alone, `11:17`; '—' for none. */
export function formatTime(
  value: string | number | Date | null | undefined,
  locale: string,
  timeZone?: string,
): string {
  const date = parse(value);
  if (!date) return '—';
  const { hour, minute } = partsOf(date, timeZone);
  return `${hour}:${minute}`;
}
