import { createCipheriv, createDecipheriv, createHmac, timingSafeEqual } from 'node:crypto';
import { type Language, LANGUAGES } from '@conveyor/shared';

// The start payload of a link to the bot (`t.me/<bot>?start=<payload>`): it names a lead (the
// request a visitor just sent) or a product and the page's language (a product page's "Ask in
// Telegram"), and must be opaque, signed and at most 64 characters of A–Z a–z 0–9 _ -.
//
// Written here rather than taken from a library because it is one AES block: 16 bytes (what
// it names, 9 bytes, and 7 bytes of an HMAC of them) encrypted with AES-256 as a single block,
// in base64url: 22 characters. A single block cipher is a pseudorandom permutation: without
// the key the text reveals nothing of the id, and a forged or altered block decrypts to bytes
// whose tag does not match (a chance of 2^-56). JWTs and the like are several times too long.
// The keys come from the bot's token, so links keep working across restarts, backups and
// instances, and a new token (a leaked one replaced) ends the old links.

export type StartSubject =
  { kind: 'lead'; id: number } | { kind: 'product'; id: number; language: Language };

const KINDS = ['lead', 'product'] as const;
const VERSION = 1;
/** A lead's link is for the buyer who just sent it: it opens the chat for this long. */
export const LEAD_LINK_HOURS = 30 * 24;
const HOUR_MS = 3_600_000;

export interface PayloadKeys {
  cipher: Buffer;
  mac: Buffer;
}

/** The payloads' keys, derived from the bot's token. */
export function payloadKeys(botToken: string): PayloadKeys {
  const derive = (purpose: string) => createHmac('sha256', botToken).update(purpose).digest();
  return {
    cipher: derive('conveyor start payload: cipher'),
    mac: derive('conveyor start payload: mac'),
  };
}

const tag = (keys: PayloadKeys, body: Buffer) =>
  createHmac('sha256', keys.mac).update(body).digest().subarray(0, 7);

/** The payload naming `subject`; a lead's expires LEAD_LINK_HOURS after `now`. */
export function signStart(keys: PayloadKeys, subject: StartSubject, now = Date.now()): string {
  const body = Buffer.alloc(9);
  const language = subject.kind === 'product' ? LANGUAGES.indexOf(subject.language) : 0;
  body[0] = (VERSION << 4) | (KINDS.indexOf(subject.kind) << 2) | language;
  body.writeUInt32BE(subject.id, 1);
  // a product's link lives as long as its page; a lead's, for a while
  body.writeUInt32BE(subject.kind === 'lead' ? Math.floor(now / HOUR_MS) + LEAD_LINK_HOURS : 0, 5);
  const cipher = createCipheriv('aes-256-ecb', keys.cipher, null).setAutoPadding(false);
  const block = Buffer.concat([
    cipher.update(Buffer.concat([body, tag(keys, body)])),
    cipher.final(),
  ]);
  return block.toString('base64url');
}

/** What a payload names, or null when it is not ours, was altered, or has expired. */
export function readStart(
  keys: PayloadKeys,
  payload: string,
  now = Date.now(),
): StartSubject | null {
  if (!/^[A-Za-z0-9_-]{22}$/.test(payload)) return null;
  const block = Buffer.from(payload, 'base64url');
  // 22 characters carry 132 bits for 128: the last one's low bits are ignored by the decoder, so
  // only the one spelling the block encodes to is taken (an altered last character is refused)
  if (block.length !== 16 || block.toString('base64url') !== payload) return null;
  const decipher = createDecipheriv('aes-256-ecb', keys.cipher, null).setAutoPadding(false);
  const plain = Buffer.concat([decipher.update(block), decipher.final()]);
  const body = plain.subarray(0, 9);
  if (!timingSafeEqual(plain.subarray(9), tag(keys, body))) return null;
  if (body[0]! >> 4 !== VERSION) return null;
  const kind = KINDS[(body[0]! >> 2) & 3];
  const id = body.readUInt32BE(1);
  const expires = body.readUInt32BE(5);
  if (expires !== 0 && expires * HOUR_MS < now) return null;
  if (kind === 'lead') return { kind, id };
  const language = LANGUAGES[body[0]! & 3];
  if (kind === 'product' && language) return { kind, id, language };
  return null;
}

/** The secret Telegram sends back with each webhook call (X-Telegram-Bot-Api-Secret-Token). */
export function webhookSecret(botToken: string): string {
  return createHmac('sha256', botToken).update('conveyor webhook secret').digest('base64url');
}
