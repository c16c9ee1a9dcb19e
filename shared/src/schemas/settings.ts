import type { FromSchema } from 'json-schema-to-ts';
import { DEFAULT_PRIVACY_TEXT } from '../privacy.ts';
import { emailSchema, localized, optionalHttpUrlSchema, phoneSchema, shortText } from './common.ts';

/** Company data shown by the public site (DESIGN section 6): one record, edited by staff. */
export const settingsFields = {
  phone_primary: phoneSchema,
  phone_secondary: { type: 'string', pattern: '^$|^\\+?[0-9][0-9()\\s-]{5,24}$', maxLength: 25 },
  email: emailSchema,
  legal_name: shortText,
  ...localized('address', { type: 'string', maxLength: 500 }),
  telegram_url: optionalHttpUrlSchema,
  instagram_url: optionalHttpUrlSchema,
  facebook_url: optionalHttpUrlSchema,
  map_embed_url: optionalHttpUrlSchema,
  developer_name: shortText,
  developer_url_1: optionalHttpUrlSchema,
  developer_url_2: optionalHttpUrlSchema,
  /** The privacy page's text, linked from under each public form; paragraphs by blank lines. */
  ...localized('privacy', { type: 'string', maxLength: 20000 }),
} as const;

export const settingsSchema = {
  type: 'object',
  properties: {
    ...settingsFields,
    // null until staff first save the record (the defaults below are shown until then)
    created_at: { type: ['string', 'null'], format: 'date-time' },
    updated_at: { type: ['string', 'null'], format: 'date-time' },
  },
  required: [
    'phone_primary',
    'phone_secondary',
    'email',
    'legal_name',
    'address_ru',
    'address_uz',
    'address_en',
    'telegram_url',
    'instagram_url',
    'facebook_url',
    'map_embed_url',
    'developer_name',
    'developer_url_1',
    'developer_url_2',
    'privacy_uz',
    'privacy_ru',
    'privacy_en',
    'created_at',
    'updated_at',
  ],
  additionalProperties: false,
} as const;
export type Settings = FromSchema<typeof settingsSchema>;
export type SettingsValues = Omit<Settings, 'created_at' | 'updated_at'>;

/**
 * What the settings hold until staff save their own: the spec gives only {phone} and {email}
 * placeholders, so these are neutral values that read as placeholders on the site.
 */
export const SETTINGS_DEFAULTS: SettingsValues = {
  phone_primary: '+998 71 000 00 00',
  phone_secondary: '',
  email: 'info@example.uz',
  legal_name: '',
  address_ru: '',
  address_uz: '',
  address_en: '',
  telegram_url: '',
  instagram_url: '',
  facebook_url: '',
  map_embed_url: '',
  developer_name: '',
  developer_url_1: '',
  developer_url_2: '',
  privacy_uz: DEFAULT_PRIVACY_TEXT.uz,
  privacy_ru: DEFAULT_PRIVACY_TEXT.ru,
  privacy_en: DEFAULT_PRIVACY_TEXT.en,
};
