import type { Identifier } from 'react-admin';

// The API lets a password be changed only by its owner, who gives the current one with it
// (PUT /api/users/:id with `password` and `current_password`); another user's password is
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
 * The edit form's data as sent: another user's never carries a password; one's own carries the
 * new password with the current one, or neither when the new one is left empty (keep it).
 */
export function passwordChange(
  data: Record<string, unknown>,
  own: boolean,
): Record<string, unknown> {
  const { password, current_password: current, ...rest } = data;
  if (!own || typeof password !== 'string' || password === '') return rest;
  return { ...rest, password, current_password: typeof current === 'string' ? current : '' };
}
