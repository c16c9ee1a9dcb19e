import { useLocaleState } from 'react-admin';

/** Dates, times and durations of the publishing screens in the admin's language. */
export function useFormat() {
  const [locale] = useLocaleState();
  const tag = locale === 'en' ? 'en-GB' : locale;
  return {
    date: (value?: string | null) => (value ? new Date(value).toLocaleString(tag) : '—'),
    time: (value: string) =>
      new Date(value).toLocaleTimeString(tag, { hour: '2-digit', minute: '2-digit' }),
    duration: (ms?: number | null) =>
      ms === null || ms === undefined ? '—' : `${(ms / 1000).toFixed(1)} s`,
  };
}
