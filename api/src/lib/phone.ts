import { parsePhoneNumberFromString } from 'libphonenumber-js';

/** Numbers without a country code are read as Uzbek ones (`90 123 45 67`). */
export const DEFAULT_PHONE_REGION = 'UZ';

/**
 * A phone number in E.164 (`+998901234567`), or null when it is not a valid number: the forms
 * store one form only, so staff can tap it, a CRM can match it, and duplicates are visible.
 */
export function phoneE164(value: string): string | null {
  const parsed = parsePhoneNumberFromString(value, DEFAULT_PHONE_REGION);
  return parsed?.isValid() ? parsed.format('E.164') : null;
}
