import { Link } from '@mui/material';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { useRecordContext } from 'react-admin';

/**
 * A phone number as people read it, `+998 90 123 45 67` (libphonenumber-js, Uzbekistan for a
 * number without its country code), and a `tel:` link that calls it on a phone. A number it
 * cannot read is shown as it was typed, still callable.
 */
export function formatPhone(raw: string): { text: string; href: string } {
  const phone = parsePhoneNumberFromString(raw, 'UZ');
  if (!phone?.isPossible()) return { text: raw, href: `tel:${raw.replace(/[^\d+]/g, '')}` };
  return { text: phone.formatInternational(), href: phone.getURI() };
}

/** A record's phone (a lead's, an application's), formatted and tap-to-call. */
export function PhoneField({ source }: { source: string; label?: string; sortable?: boolean }) {
  const record = useRecordContext();
  const raw = String(record?.[source] ?? '').trim();
  if (!raw) return <span>—</span>;
  const { text, href } = formatPhone(raw);
  return (
    <Link href={href} onClick={(event) => event.stopPropagation()} sx={{ whiteSpace: 'nowrap' }}>
      {text}
    </Link>
  );
}
