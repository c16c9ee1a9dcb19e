import { ADMIN_DEFAULT_LANGUAGE, isLanguage, type Language } from '@conveyor/shared';

/**
 * The one date-and-time format of the back office, per language (issue 33: lists showed the
 * browser's `11/26/2026, 11:17:24 AM` whatever the language, other screens `26/11/2026`):
 * uz `26/11/2026, 11:17`, ru `26.11.2026, 11:17`, en `26/11/2026, 11:17`, a 24-hour clock in
 * the browser's time zone. Every date on screen goes through here (DateTimeField, useFormat).
 */
const TAGS: Record<Language, string> = { uz: 'uz', ru: 'ru', en: 'en-GB' };

const OPTIONS: Intl.DateTimeFormatOptions = {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};

/** The time of day alone (the publishing indicator's "live since 11:17"), the same clock. */
const TIME_OPTIONS: Intl.DateTimeFormatOptions = {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};

const formats = new Map<string, Intl.DateTimeFormat>();

function formatOf(language: Language, timeOnly: boolean, timeZone?: string) {
  const key = `${language} ${timeOnly} ${timeZone ?? ''}`;
  let format = formats.get(key);
  if (!format) {
    const options = timeOnly ? TIME_OPTIONS : OPTIONS;
    format = new Intl.DateTimeFormat(TAGS[language], { ...options, timeZone });
    formats.set(key, format);
  }
  return format;
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
  return date ? formatOf(languageOf(locale), false, timeZone).format(date) : '—';
}

/** The time of day alone, `11:17`; '—' for none. */
export function formatTime(
  value: string | number | Date | null | undefined,
  locale: string,
  timeZone?: string,
): string {
  const date = parse(value);
  return date ? formatOf(languageOf(locale), true, timeZone).format(date) : '—';
}
