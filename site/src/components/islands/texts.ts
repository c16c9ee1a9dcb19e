import type { Language } from '@conveyor/shared';
import { type MessageKey, messages } from '../../i18n/ui.ts';

/** The texts the form islands need: only these are shipped to the browser, not the catalogue. */
export const FORM_TEXT_KEYS = [
  'name',
  'phone',
  'email',
  'message',
  'company_name',
  'partner_count',
  'inn',
  'contact_person',
  'company_description',
  'offer',
  'send',
  'sending',
  'toast_success',
  'toast_failure',
  'toast_send_failed',
  'close',
  'telegram_continue',
  'telegram_continue_hint',
  'error_required',
  'error_email',
  'error_phone',
  'error_contact',
  'error_inn',
  'error_number',
  'error_invalid',
  'error_phone_invalid',
  'quote_about',
  'quote_remove',
  'quote_parameters',
  'filter_from',
  'filter_to',
  'error_figure',
  'consent_text',
  'consent_link',
] as const satisfies readonly MessageKey[];

export type FormTextKey = (typeof FORM_TEXT_KEYS)[number];
export type FormTexts = Record<FormTextKey, string>;

export const formTexts = (lang: Language): FormTexts =>
  Object.fromEntries(FORM_TEXT_KEYS.map((key) => [key, messages[lang][key]])) as FormTexts;
