import { type Action, isArea, may, type User } from '@conveyor/shared';

/** What react-admin asks `canAccess` (its `CanAccessParams`). */
export interface AccessQuery {
  action: string;
  resource: string;
  record?: { id?: unknown } | null;
}

/** react-admin's actions that only read; every other action (create, edit, delete…) changes. */
const READING = new Set(['list', 'show', 'read', 'export']);

export const actionOfRa = (action: string): Action => (READING.has(action) ? 'read' : 'write');

/**
 * Whether a signed-in user may do what react-admin asks, by the shared `ROLE_GRANTS` the API
 * enforces, so the back office hides exactly what the API would refuse:
 * - a resource (`products`) or a screen's area (`settings`, `publishing`…) by the role's grant;
 * - a user's own record (`users`, edit or show) always: their profile and password, as the API's
 *   `self` routes allow;
 * - a field (`users.role`, `users.is_active`) as the resource, but never through the own-record
 *   exception: nobody raises their own role or switches themselves back on;
 * - anything else (an unknown area) never.
 */
export function canAccessAs(user: Pick<User, 'id' | 'role'> | null, query: AccessQuery): boolean {
  if (!user) return false;
  const [area, field] = query.resource.split('.', 2);
  if (!isArea(area)) return false;
  const action = actionOfRa(query.action);
  const own =
    field === undefined &&
    area === 'users' &&
    (query.action === 'edit' || query.action === 'show') &&
    query.record?.id !== undefined &&
    String(query.record.id) === String(user.id);
  return own || may(user.role, area, action);
}
