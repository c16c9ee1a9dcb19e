import { createCipheriv, createDecipheriv, createHash, randomBytes, randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@conveyor/shared';
import { generateSecret, generateURI, verify } from 'otplib';

// The mechanics of two-factor sign-in, without the database: TOTP codes as every
// authenticator app makes them (RFC 6238: SHA-1, 6 digits, 30-second steps), the secret sealed
// for storage, and one-time recovery codes.

/** Seconds per TOTP step (RFC 6238's default, the only one common apps all read). */
export const TOTP_PERIOD = 30;
/** Codes one step either side of now are taken: a phone's clock a little off still works. */
const DRIFT_STEPS = 1;
/** The name an authenticator app files the account under, beside the user name. */
export const TOTP_ISSUER = 'Conveyor';

export function newTotpSecret(): string {
  return generateSecret(); // 160 random bits, base32: what the apps expect
}

export function totpUri(secret: string, userName: string): string {
  return generateURI({ issuer: TOTP_ISSUER, label: userName, secret });
}

/** The set-up URI as a QR code: an SVG data URL (the back office's CSP allows `data:` images). */
export async function totpQr(uri: string): Promise<string> {
  // qrcode (and its PNG library) loaded by the first set-up that shows a code
  const { default: QRCode } = await import('qrcode');
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/**
 * The time step of a valid code at `nowMs`, or null. A code of the step before or after counts
 * too (clock drift), but none of a step at or before `afterStep`: the last one accepted, so
 * that a code once used, or one older than it, is refused (RFC 6238 section 5.2: replay).
 */
export async function verifyTotp(
  secret: string,
  code: string,
  nowMs: number,
  afterStep: number | null,
): Promise<number | null> {
  const result = await verify({
    secret,
    token: code.trim(),
    epoch: Math.floor(nowMs / 1000),
    epochTolerance: DRIFT_STEPS * TOTP_PERIOD,
    ...(afterStep !== null ? { afterTimeStep: afterStep } : {}),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/**
 * The TOTP secret as stored: AES-256-GCM under a server key, bound to its user (a sealed secret
 * copied onto another user's row does not open). `v1.<iv>.<ciphertext+tag>`, base64url.
 */
export function sealSecret(key: Buffer, userId: number, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(`user:${userId}`));
  const sealed = Buffer.concat([
    cipher.update(secret, 'utf8'),
    cipher.final(),
    cipher.getAuthTag(),
  ]);
  return `v1.${iv.toString('base64url')}.${sealed.toString('base64url')}`;
}

/** The secret back, or null when it does not open (another server's key: see docs/security.md). */
export function openSecret(key: Buffer, userId: number, stored: string): string | null {
  const [version, iv, sealed] = stored.split('.');
  if (version !== 'v1' || !iv || !sealed) return null;
  try {
    const bytes = Buffer.from(sealed, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(`user:${userId}`));
    decipher.setAuthTag(bytes.subarray(bytes.length - 16));
    return Buffer.concat([decipher.update(bytes.subarray(0, -16)), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return null;
  }
}

// Recovery codes: 16 characters of base32 (80 random bits), shown as four groups of four.
// Stored as plain SHA-256, not argon2: a password needs a slow hash because people choose
// guessable ones, while 2^80 random codes are out of reach of any guessing, slow hash or not,
// and a sign-in can then check all ten in microseconds instead of ten argon2 runs.
const RECOVERY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';
const RECOVERY_LENGTH = 16;

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    let code = '';
    for (let i = 0; i < RECOVERY_LENGTH; i++) code += RECOVERY_ALPHABET[randomInt(32)];
    return code.match(/.{4}/g)!.join('-');
  });
}

/** As typed: any case, with or without the hyphens and spaces. */
export function hashRecoveryCode(code: string): string {
  const normal = code.toLowerCase().replace(/[\s-]/g, '');
  return createHash('sha256').update(normal).digest('hex');
}
