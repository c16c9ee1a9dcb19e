import type { FromSchema } from 'json-schema-to-ts';

// Two-factor sign-in: a TOTP authenticator app (RFC 6238: 6 digits, 30 s, SHA-1, as
// every common app reads it) and ten one-time recovery codes.

/** How many recovery codes a user gets at a time. */
export const RECOVERY_CODE_COUNT = 10;

/** The caller's own two-factor state. */
export const twoFactorStatusSchema = {
  type: 'object',
  properties: {
    enabled: { type: 'boolean' },
    /** A set-up was started and waits for its confirming code. */
    pending: { type: 'boolean' },
    /** Unused recovery codes left. */
    recovery_codes_left: { type: 'integer' },
    /** The server requires it of this user (TWO_FACTOR_REQUIRED_FOR_ADMINS and an admin). */
    required: { type: 'boolean' },
  },
  required: ['enabled', 'pending', 'recovery_codes_left', 'required'],
  additionalProperties: false,
} as const;
export type TwoFactorStatus = FromSchema<typeof twoFactorStatusSchema>;

/**
 * A started set-up: the secret to type into the app, the same as an `otpauth://` URI and as a
 * QR code (an SVG data URL). Shown only now: once confirmed, the secret never leaves the server.
 */
export const twoFactorSetupSchema = {
  type: 'object',
  properties: {
    secret: { type: 'string' },
    uri: { type: 'string' },
    qr: { type: 'string' },
  },
  required: ['secret', 'uri', 'qr'],
  additionalProperties: false,
} as const;
export type TwoFactorSetup = FromSchema<typeof twoFactorSetupSchema>;

export const totpCodeSchema = { type: 'string', pattern: '^\\s*[0-9]{6}\\s*$' } as const;

export const twoFactorConfirmSchema = {
  type: 'object',
  properties: { code: totpCodeSchema },
  required: ['code'],
  additionalProperties: false,
} as const;

/** Proof that the caller is the user, for turning it off or new recovery codes: one of them. */
export const twoFactorProofSchema = {
  type: 'object',
  properties: {
    password: { type: 'string', minLength: 1, maxLength: 200 },
    code: totpCodeSchema,
  },
  minProperties: 1,
  additionalProperties: false,
} as const;
export type TwoFactorProof = FromSchema<typeof twoFactorProofSchema>;

/** Fresh recovery codes, shown once: only their hashes are kept. */
export const recoveryCodesSchema = {
  type: 'array',
  items: { type: 'string' },
  minItems: RECOVERY_CODE_COUNT,
  maxItems: RECOVERY_CODE_COUNT,
} as const;
