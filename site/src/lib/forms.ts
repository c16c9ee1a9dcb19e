import {
  HONEYPOT_FIELD,
  isTelegramStartUrl,
  leadFields,
  phoneSchema,
  supplierBodies,
  supplierFields,
} from '@conveyor/shared';
import type { FormTextKey } from '../components/islands/texts.ts';

// Browser-side checks of the public forms, so a visitor hears about a mistake before sending, in
// the page's language. The patterns and the employee limit are the shared schemas' own; the
// API's e-mail check (Ajv's format) is stricter than the lead's pattern, and it has the last word.

export type Values = Record<string, string>;
export type Errors = Partial<Record<string, FormTextKey>>;

// The lead's e-mail pattern also takes an empty value; only filled fields are checked here.
const EMAIL = new RegExp(leadFields.email.pattern);
const PHONE = new RegExp(phoneSchema.pattern);
const INN = new RegExp(supplierFields.inn.pattern);
const MAX_PARTNERS = supplierFields.partner_count.maximum;

const filled = (value: string | undefined) => (value ?? '').trim() !== '';

/** A contact message needs a name and a way to answer: a phone number or an e-mail address. */
export function validateLead(values: Values): Errors {
  const errors: Errors = {};
  if (!filled(values.name)) errors.name = 'error_required';
  if (filled(values.email) && !EMAIL.test(values.email!.trim())) errors.email = 'error_email';
  if (filled(values.phone) && !PHONE.test(values.phone!.trim())) errors.phone = 'error_phone';
  if (!filled(values.phone) && !filled(values.email)) errors.phone = 'error_contact';
  return errors;
}

/** The application's required fields: the API's create schema's own list. */
export const SUPPLIER_REQUIRED = supplierBodies.create.required;

export function validateSupplier(values: Values): Errors {
  const errors: Errors = {};
  for (const field of SUPPLIER_REQUIRED)
    if (!filled(values[field])) errors[field] = 'error_required';
  if (filled(values.inn) && !INN.test(values.inn!.trim())) errors.inn = 'error_inn';
  if (filled(values.phone) && !PHONE.test(values.phone!.trim())) errors.phone = 'error_phone';
  if (filled(values.email) && !EMAIL.test(values.email!.trim())) errors.email = 'error_email';
  const partners = (values.partner_count ?? '').trim();
  if (partners !== '' && (!/^\d+$/.test(partners) || Number(partners) > MAX_PARTNERS)) {
    errors.partner_count = 'error_number';
  }
  return errors;
}

/** The JSON body the API expects: trimmed text, the employee count as a number or null. */
export function toBody(fields: readonly string[], values: Values): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of fields) {
    const value = (values[field] ?? '').trim();
    body[field] = field === 'partner_count' ? (value === '' ? null : Number(value)) : value;
  }
  body[HONEYPOT_FIELD] = values[HONEYPOT_FIELD] ?? '';
  return body;
}

/**
 * What became of a sent form: accepted; refused as invalid (a 400, with the fields the API named
 * that the form has); or not delivered (the API failed, was unreachable or turned it away for
 * another reason), which the visitor can only retry.
 */
export type SendResult =
  | { kind: 'sent'; telegram: string | null }
  | { kind: 'invalid'; errors: Errors }
  | { kind: 'failed'; status: number | null };

/**
 * The field a 400's message names (the API says `field: what is wrong`, see its error handler),
 * as the form's own message for it; empty when the message names no field of this form.
 */
export function apiErrors(message: unknown, fields: readonly string[]): Errors {
  const match = typeof message === 'string' ? /^([\w.]+): (.*)$/s.exec(message) : null;
  if (!match) return {};
  const field = match[1]!.split('.').pop()!;
  const text = match[2]!;
  if (!fields.includes(field)) return {};
  let key: FormTextKey = 'error_invalid';
  if (/is required|must not be empty/.test(text)) key = 'error_required';
  else if (field === 'phone' && /e-mail/.test(text)) key = 'error_contact';
  // libphonenumber's verdict (the API's): the number has a number's shape but is none
  else if (field === 'phone' && /not a valid phone number/.test(text)) key = 'error_phone_invalid';
  else if (field === 'phone') key = 'error_phone';
  else if (field === 'email') key = 'error_email';
  else if (field === 'inn') key = 'error_inn';
  else if (field === 'partner_count') key = 'error_number';
  return { [field]: key };
}

/** Posts one form to the API and says what became of it. */
export async function send(
  endpoint: string,
  resource: 'leads' | 'suppliers',
  body: Record<string, unknown>,
): Promise<SendResult> {
  let response: Response;
  try {
    response = await fetch(`${endpoint}/api/${resource}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    // offline, the API unreachable, the connection cut
    return { kind: 'failed', status: null };
  }
  if (response.ok) {
    // a lead's link to carry it on in Telegram, when the company's bot takes chats: shown only
    // if it is one (a t.me link with a start payload)
    const reply: unknown = await response.json().catch(() => null);
    const telegram = (reply as { data?: { telegram?: unknown } } | null)?.data?.telegram;
    return { kind: 'sent', telegram: isTelegramStartUrl(telegram) ? telegram : null };
  }
  if (response.status !== 400) return { kind: 'failed', status: response.status };
  const reply: unknown = await response.json().catch(() => null);
  const message = reply && typeof reply === 'object' ? (reply as { error?: unknown }).error : null;
  return { kind: 'invalid', errors: apiErrors(message, Object.keys(body)) };
}
