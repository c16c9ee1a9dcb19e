import type { Identifier } from 'react-admin';

// The API lets a password be changed by its owner, who gives the current one with it
// (PUT /api/users/:id with `password` and `current_password`), or set by an admin for another
// user (a forgotten password), which signs that user out everywhere; anyone else's change is
// refused with a 403. The edit form follows that: these are its rules as pure functions.

/** Whether the record is the signed-in user's own account (ids compared as text). */
export const isOwnAccount = (
  recordId: Identifier | null | undefined,
  identityId: Identifier | null | undefined,
): boolean =>
  recordId !== undefined &&
  recordId !== null &&
  identityId !== undefined &&
  identityId !== null &&
  String(recordId) === String(identityId);

/**
 * The edit form's data as sent: no password when the new one is left empty (keep it); one's own
 * carries the new password with the current one; an admin's for another user carries the new
 * one alone; anyone else's never carries one.
 */
export function passwordChange(
  data: Record<string, unknown>,
  { own, admin }: { own: boolean; admin: boolean },
): Record<string, unknown> {
  const { password, current_password: current, ...rest } = data;
  if (typeof password !== 'string' || password === '') return rest;
  if (own)
    return { ...rest, password, current_password: typeof current === 'string' ? current : '' };
  return admin ? { ...rest, password } : rest;
}
