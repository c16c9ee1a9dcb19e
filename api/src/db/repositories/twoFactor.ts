import { nowIso } from '../../lib/rows.ts';
import type { Executor } from './table.ts';

// A user's two-factor columns. The secrets arrive and leave sealed (lib/twoFactor.ts);
// none of this is in the user record the API answers but `two_factor`.

export interface TwoFactorRow {
  enabled: boolean;
  /** Sealed; null until a set-up is confirmed. */
  secret: string | null;
  /** Sealed; a set-up started and not yet confirmed. */
  pending: string | null;
  lastStep: number | null;
  /** SHA-256 hashes of the unused recovery codes. */
  recovery: string[];
}

function parseHashes(text: string | null): string[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((item) => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

export async function readTwoFactor(
  db: Executor,
  userId: number,
): Promise<TwoFactorRow | undefined> {
  const row = await db
    .selectFrom('users')
    .select([
      'two_factor',
      'two_factor_secret',
      'two_factor_pending',
      'two_factor_last_step',
      'two_factor_recovery',
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    enabled: Boolean(row.two_factor),
    secret: row.two_factor_secret,
    pending: row.two_factor_pending,
    lastStep: row.two_factor_last_step === null ? null : Number(row.two_factor_last_step),
    recovery: parseHashes(row.two_factor_recovery),
  };
}

export async function savePending(db: Executor, userId: number, sealed: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ two_factor_pending: sealed })
    .where('id', '=', userId)
    .execute();
}

/**
 * Turns it on with the confirmed secret, the step of the confirming code (not to be used again)
 * and the recovery codes' hashes. Only if the set-up confirmed is still the pending one: two
 * set-ups racing cannot leave a secret on that the user's app does not hold.
 */
export async function enableTwoFactor(
  db: Executor,
  userId: number,
  values: { pending: string; secret: string; step: number; recovery: string[] },
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({
      two_factor: true,
      two_factor_secret: values.secret,
      two_factor_pending: null,
      two_factor_last_step: values.step,
      two_factor_recovery: JSON.stringify(values.recovery),
      updated_at: nowIso(),
    })
    .where('id', '=', userId)
    .where('two_factor_pending', '=', values.pending)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Claims a code's step; false when that step, or a later one, was claimed already. One
 * conditional write, strictly later than the last step, and the rows it changed decide: of two
 * requests with the same code at once (on any instance), the second finds the step taken.
 */
export async function acceptStep(db: Executor, userId: number, step: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ two_factor_last_step: step })
    .where('id', '=', userId)
    .where('two_factor', '=', true)
    .where((eb) =>
      eb.or([eb('two_factor_last_step', 'is', null), eb('two_factor_last_step', '<', step)]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Strikes a recovery code off; the number left, or null when it is not one of the user's unused
 * codes. The list is replaced only if nobody changed it meanwhile (compare and swap), so a code
 * used by two requests at once counts for one of them only.
 */
export async function useRecoveryCode(
  db: Executor,
  userId: number,
  hash: string,
): Promise<number | null> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const row = await db
      .selectFrom('users')
      .select('two_factor_recovery')
      .where('id', '=', userId)
      .where('two_factor', '=', true)
      .executeTakeFirst();
    const hashes = parseHashes(row?.two_factor_recovery ?? null);
    if (!row || !hashes.includes(hash)) return null;
    const left = hashes.filter((item) => item !== hash);
    const result = await db
      .updateTable('users')
      .set({ two_factor_recovery: JSON.stringify(left) })
      .where('id', '=', userId)
      .where('two_factor_recovery', '=', row.two_factor_recovery)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) > 0) return left.length;
  }
  return null;
}

export async function replaceRecoveryCodes(
  db: Executor,
  userId: number,
  hashes: string[],
): Promise<void> {
  await db
    .updateTable('users')
    .set({ two_factor_recovery: JSON.stringify(hashes) })
    .where('id', '=', userId)
    .execute();
}

/** Off, and everything of it forgotten: turning it on again starts with a new secret. */
export async function disableTwoFactor(db: Executor, userId: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({
      two_factor: false,
      two_factor_secret: null,
      two_factor_pending: null,
      two_factor_last_step: null,
      two_factor_recovery: null,
      updated_at: nowIso(),
    })
    .where('id', '=', userId)
    .where('two_factor', '=', true)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
