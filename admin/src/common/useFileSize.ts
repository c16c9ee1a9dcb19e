import { useLocaleState } from 'react-admin';

const KB = 1024;

/** A size in bytes in the admin's language: "3.2 MB", "1.4 GB" (kilobytes below a megabyte). */
export function useFileSize(): (bytes: number) => string {
  const [locale] = useLocaleState();
  const tag = locale === 'en' ? 'en-GB' : locale;
  return (bytes) => {
    const [unit, value] =
      bytes >= KB ** 3
        ? (['gigabyte', bytes / KB ** 3] as const)
        : bytes >= KB ** 2
          ? (['megabyte', bytes / KB ** 2] as const)
          : (['kilobyte', bytes / KB] as const);
    return new Intl.NumberFormat(tag, { style: 'unit', unit, maximumFractionDigits: 1 }).format(
      value,
    );
  };
}
