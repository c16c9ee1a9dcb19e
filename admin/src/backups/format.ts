import { DAY_MS } from '@conveyor/shared';
import { useTranslate } from 'react-admin';
import { useFileSize } from '../common/useFileSize.ts';

const UNITS = [
  ['days', DAY_MS],
  ['hours', 3_600_000],
  ['minutes', 60_000],
] as const;

/** Sizes and ages of archives, in the admin's language. */
export function useBackupFormat() {
  const translate = useTranslate();
  const size = useFileSize();
  return {
    size,
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
