import { useLocaleState } from 'react-admin';

const UNITS = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
] as const;

/** Sizes and ages of archives, in the admin's language. */
export function useBackupFormat() {
  const [locale] = useLocaleState();
  const tag = locale === 'en' ? 'en-GB' : locale;
  return {
    size(bytes: number): string {
      const [unit, value] =
        bytes >= 1024 * 1024
          ? (['megabyte', bytes / 1024 / 1024] as const)
          : (['kilobyte', bytes / 1024] as const);
      return new Intl.NumberFormat(tag, {
        style: 'unit',
        unit,
        maximumFractionDigits: 1,
      }).format(value);
    },
    /** "3 hours ago": the largest unit that fits. */
    age(iso: string, now = Date.now()): string {
      const elapsed = Math.max(0, now - Date.parse(iso));
      const [unit, ms] = UNITS.find(([, size]) => elapsed >= size) ?? UNITS[2];
      return new Intl.RelativeTimeFormat(tag, { numeric: 'auto' }).format(
        -Math.floor(elapsed / ms),
        unit,
      );
    },
  };
}
