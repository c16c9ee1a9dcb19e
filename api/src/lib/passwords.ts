import { availableParallelism } from 'node:os';
import { hash as argonHash, verify as argonVerify } from '@node-rs/argon2';
import pLimit from 'p-limit';

// Argon2id with OWASP's recommended minimum (19 MiB, 2 passes, 1 lane): slow enough to make
// guessing costly, quick enough for a sign-in.
// `Algorithm` is a const enum the type stripper cannot inline; 2 is its Argon2id member.
const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 };

/**
 * Each hash or verification holds 19 MiB while it runs: at most one per core runs at once, the
 * rest wait their turn, so that a flood of sign-ins costs time, not memory.
 */
const limit = pLimit(Math.max(2, availableParallelism()));
const hash = (password: string) => limit(() => argonHash(password, OPTIONS));
const verify = (stored: string, password: string) => limit(() => argonVerify(stored, password));

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. With no hash (unknown or inactive user) it still
 * spends the time of one verification, so the answer's timing does not tell whether the user
 * exists.
 */
export async function verifyPassword(
  storedHash: string | null,
  password: string,
): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword('not-a-real-password');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}
