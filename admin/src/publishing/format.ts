import { useLocaleState } from 'react-admin';
import { formatDateTime, formatTime } from '../common/dates.ts';

/** Dates, times and durations of the publishing screens in the admin's language. */
export function useFormat() {
  const [locale] = useLocaleState();
  return {
    date: (value?: string | null) => formatDateTime(value, locale),
    time: (value: string) => formatTime(value, locale),
    duration: (ms?: number | null) =>
      ms === null || ms === undefined ? '—' : `${(ms / 1000).toFixed(1)} s`,
  };
}
