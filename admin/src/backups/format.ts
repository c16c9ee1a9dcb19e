import { DAY_MS } from '@conveyor/shared';
import { useLocaleState, useTranslate } from 'react-admin';

const UNITS = [
  ['days', DAY_MS],
  ['hours', 3_600_000],
  ['minutes', 60_000],
] as const;

/** Sizes and ages of archives, in the admin's language. */
export function useBackupFormat() {
  const [locale] = useLocaleState();
  const translate = useTranslate();
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
    /**
     * "3 hours ago", in the largest unit that fits. Our own texts: browsers' relative-time data
     * lacks Uzbek and would fall back to English.
     */
    age(iso: string, now = Date.now()): string {
      const elapsed = Math.max(0, now - Date.parse(iso));
      const unit = UNITS.find(([, size]) => elapsed >= size);
      if (!unit) return translate('conveyor.backups.age.now');
      return translate(`conveyor.backups.age.${unit[0]}`, {
        smart_count: Math.floor(elapsed / unit[1]),
      });
    },
  };
}
