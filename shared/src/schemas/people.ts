import { ROLES } from '../roles.ts';
import type { FromSchema } from 'json-schema-to-ts';
import { LEAD_STATUSES } from '../limits.ts';
import { totpCodeSchema } from './twoFactor.ts';
import { leadParameterSchema, leadParametersSchema } from '../specs.ts';
import { dutyInputSchema, leadDutySchema } from '../conveyor/duty.ts';
import { leadItemSchema, leadItemsInputSchema } from '../leadItems.ts';
import {
  booleanSchema,
  nullableIdSchema,
  emailSchema,
  idSchema,
  imagePathSchema,
  longText,
  personName,
  phoneSchema,
  recordSchema,
  timestamps,
  timestampSchema,
} from './common.ts';

// Records that hold personal data: leads, supplier applications, users. Never readable
// anonymously.

export const leadStatusSchema = { type: 'string', enum: LEAD_STATUSES } as const;

/** Where a lead or application stands with sales, and who has it: set by staff only. */
export const workflowFields = {
  status: leadStatusSchema,
  assignee_id: nullableIdSchema,
} as const;
const workflowRecord = {
  status: leadStatusSchema,
  assignee_id: { type: ['integer', 'null'] },
} as const;

/** The site's language when the form was sent ('' for an API client that did not say). */
const formLanguageSchema = { type: 'string', enum: ['', 'uz', 'ru', 'en'] } as const;
const utmSchema = { type: 'string', maxLength: 200 } as const;

/**
 * What the site knows of a lead's visit, sent with the form: the product it asks about (a
 * "Request a quote"), the page, the language, the referrer and the visit's first-touch UTM
 * parameters. A product that no longer exists is dropped, not refused: the lead matters more.
 */
export const leadContextFields = {
  product_id: nullableIdSchema,
  page: { type: 'string', maxLength: 500 },
  language: formLanguageSchema,
  referrer: { type: 'string', maxLength: 1000 },
  utm_source: utmSchema,
  utm_medium: utmSchema,
  utm_campaign: utmSchema,
  utm_term: utmSchema,
  utm_content: utmSchema,
  /** A quote request's parameters: the buyer's values of the attributes marked `quote`. */
  parameters: leadParametersSchema,
  /** The "on request" document the buyer asks for (a product page's documents). */
  document_id: nullableIdSchema,
  /** The conveyor calculator's duty a quote is asked with (the API sizes it again). */
  duty: dutyInputSchema,
  /** A quote for several products (the site's quote basket): each shown product, once. */
  items: leadItemsInputSchema,
} as const;

export const leadFields = {
  name: personName,
  // The contact form has no required fields in the browser; the API wants a name and a way to
  // answer (see the leads route), so either may be empty here.
  email: { type: 'string', pattern: '^$|^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$', maxLength: 254 },
  phone: { type: 'string', pattern: '^$|^\\+?[0-9][0-9()\\s-]{5,24}$', maxLength: 25 },
  message: longText,
} as const;

export const leadSchema = recordSchema({
  id: idSchema,
  name: { type: 'string' },
  email: { type: 'string' },
  phone: { type: 'string' },
  message: { type: 'string' },
  ...workflowRecord,
  product_id: { type: ['integer', 'null'] },
  page: { type: 'string' },
  language: { type: 'string' },
  referrer: { type: 'string' },
  utm_source: { type: 'string' },
  utm_medium: { type: 'string' },
  utm_campaign: { type: 'string' },
  utm_term: { type: 'string' },
  utm_content: { type: 'string' },
  parameters: { type: 'array', items: leadParameterSchema },
  document_id: { type: ['integer', 'null'] },
  duty: leadDutySchema,
  items: { type: 'array', items: leadItemSchema },
  ...timestamps,
});
export type Lead = FromSchema<typeof leadSchema>;

const requiredText = (maxLength: number) => ({ type: 'string', minLength: 1, maxLength }) as const;

/** A taxpayer number (INN) has this many digits; the site's field takes no more than `max`. */
export const INN_DIGITS = { min: 9, max: 14 } as const;

export const supplierFields = {
  company_name: requiredText(200),
  partner_count: { type: ['integer', 'null'], minimum: 0, maximum: 1000000 },
  inn: { type: 'string', pattern: `^[0-9]{${INN_DIGITS.min},${INN_DIGITS.max}}$` },
  contact_person: requiredText(100),
  phone: phoneSchema,
  email: emailSchema,
  company_description: longText,
  offer: requiredText(5000),
  is_active: booleanSchema,
  language: formLanguageSchema,
} as const;

export const supplierSchema = recordSchema({
  id: idSchema,
  company_name: { type: 'string' },
  partner_count: { type: ['integer', 'null'] },
  inn: { type: 'string' },
  contact_person: { type: 'string' },
  phone: { type: 'string' },
  email: { type: 'string' },
  company_description: { type: 'string' },
  offer: { type: 'string' },
  is_active: booleanSchema,
  language: { type: 'string' },
  ...workflowRecord,
  ...timestamps,
});
export type Supplier = FromSchema<typeof supplierSchema>;

export const userNameSchema = {
  type: 'string',
  pattern: '^[A-Za-z0-9_.-]{3,50}$',
} as const;
export const passwordSchema = { type: 'string', minLength: 8, maxLength: 200 } as const;

export const userFields = {
  user_name: userNameSchema,
  password: passwordSchema,
  first_name: personName,
  last_name: personName,
  email: emailSchema,
  is_active: booleanSchema,
  /** Only an admin gives or changes a role; a new user is an admin unless told otherwise. */
  role: { type: 'string', enum: ROLES },
} as const;

/** A user as the API returns it: never a password or its hash. */
export const userSchema = recordSchema({
  id: idSchema,
  user_name: { type: 'string' },
  first_name: { type: 'string' },
  last_name: { type: 'string' },
  email: { type: 'string' },
  avatar: imagePathSchema,
  is_active: booleanSchema,
  role: { type: 'string', enum: ROLES },
  /** Whether the user signs in with a second factor (an authenticator app's code). */
  two_factor: booleanSchema,
  ...timestamps,
});
export type User = FromSchema<typeof userSchema>;

export const signInSchema = {
  type: 'object',
  properties: {
    user_name: { type: 'string', minLength: 1, maxLength: 100 },
    password: { type: 'string', minLength: 1, maxLength: 200 },
    /**
     * `cookie`: the back office's session, set as an HttpOnly, SameSite=Strict cookie that no
     * script can read (the answer's token is then empty); `token` (the default): the token in
     * the answer, for the Authorization header of API clients.
     */
    session: { type: 'string', enum: ['token', 'cookie'] },
    /**
     * For an account with two-factor sign-in: the authenticator app's current 6-digit code, or
     * one of its one-time recovery codes. Without either, a right password is answered 401
     * `twoFactorRequired`, and the same call is made again with the code.
     */
    totp: totpCodeSchema,
    recovery_code: { type: 'string', minLength: 1, maxLength: 40 },
  },
  required: ['user_name', 'password'],
  additionalProperties: false,
} as const;
export type SignIn = FromSchema<typeof signInSchema>;

/** A staff note on a lead or a supplier application: who wrote it, when. */
export const noteSchema = recordSchema({
  id: idSchema,
  author_id: { type: ['integer', 'null'] },
  /** The author's name when the note was written (kept when the user is deleted). */
  author_name: { type: 'string' },
  body: { type: 'string' },
  created_at: timestampSchema,
});
export type Note = FromSchema<typeof noteSchema>;

export const noteBodySchema = {
  type: 'object',
  properties: { body: { type: 'string', minLength: 1, maxLength: 5000 } },
  required: ['body'],
  additionalProperties: false,
} as const;

/**
 * A sign-in session as its owner (or an admin) sees it, to recognise and end it: never its
 * token. `device` is read from the browser's User-Agent ("Chrome 142 on Windows"), empty for a
 * client that sent none.
 */
export const sessionSchema = recordSchema({
  id: idSchema,
  user_id: idSchema,
  device: { type: 'string' },
  ip: { type: 'string' },
  created_at: timestampSchema,
  last_used_at: timestampSchema,
  expires_at: timestampSchema,
  /** The session this request was made with. */
  current: booleanSchema,
});
export type Session = FromSchema<typeof sessionSchema>;
