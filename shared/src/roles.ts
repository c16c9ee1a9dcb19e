import { RESOURCE_REGISTRY, RESOURCES, type Resource, resourceEntry } from './resources.ts';

/**
 * Roles as data (DESIGN section 9): what each role may do in each area of the back
 * office, in one table next to the resource registry. The API's auth hook enforces it on every
 * route (a staff route names its area), and the back office reads the same table to hide what a
 * role cannot do.
 */
export const ROLES = ['admin', 'editor', 'sales'] as const;
export type Role = (typeof ROLES)[number];

/** A user made without a role, and every user of before roles, is an admin: the spec's model. */
export const DEFAULT_ROLE: Role = 'admin';

/**
 * The areas a staff route belongs to: each resource, and the screens that are not resources.
 * `settings` is the company data the site shows; `notifications` the delivery channels and
 * retention; `backups` the archives; `activity` the audit log; `trash` the deleted
 * records (every role sees there only what it may change); `schedules` what is scheduled to go
 * live or offline (a record's own schedule is its resource's); `translations` what the content
 * lacks in a language (missing or outdated texts).
 */
export const AREAS = [
  ...RESOURCES,
  'settings',
  'publishing',
  'notifications',
  'backups',
  'activity',
  'trash',
  'schedules',
  'translations',
] as const;
export type Area = Resource | Screen;
type Screen =
  | 'settings'
  | 'publishing'
  | 'notifications'
  | 'backups'
  | 'activity'
  | 'trash'
  | 'schedules'
  | 'translations';

/** Reading (GET) or changing (any other method); who may change may read. */
export type Action = 'read' | 'write';
type Grant = Action | null;

const isContent = (name: Resource) => RESOURCE_REGISTRY[name].publishes;
const isSales = (name: Resource) => resourceEntry(name).workflow === true;

function grants(grant: (area: Area) => Grant): Readonly<Record<Area, Grant>> {
  return Object.fromEntries(AREAS.map((area) => [area, grant(area)])) as Record<Area, Grant>;
}

/**
 * - `admin`: everything, users, roles and settings included.
 * - `editor`: the content the site shows (every resource that publishes), publishing and its
 *   schedules, the translations; no users, settings, leads or applications.
 * - `sales`: leads and supplier applications (their notes and exports with them); the content,
 *   publishing and what is scheduled read-only; the staff list read-only, since a lead is
 *   assigned to one of them by name.
 */
export const ROLE_GRANTS: Readonly<Record<Role, Readonly<Record<Area, Grant>>>> = {
  admin: grants(() => 'write'),
  editor: grants((area) =>
    area === 'publishing' ||
    area === 'schedules' ||
    area === 'trash' ||
    area === 'translations' ||
    (isResourceArea(area) && isContent(area))
      ? 'write'
      : null,
  ),
  sales: grants((area) => {
    if (area === 'trash') return 'write';
    if (!isResourceArea(area)) return area === 'publishing' || area === 'schedules' ? 'read' : null;
    if (isSales(area)) return 'write';
    return isContent(area) || area === 'users' ? 'read' : null;
  }),
};

function isResourceArea(area: Area): area is Resource {
  return (RESOURCES as readonly string[]).includes(area);
}

export function isArea(value: unknown): value is Area {
  return typeof value === 'string' && (AREAS as readonly string[]).includes(value);
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Whether a role may read or change an area. An unknown role may do nothing. */
export function may(role: unknown, area: Area, action: Action): boolean {
  if (!isRole(role)) return false;
  const grant = ROLE_GRANTS[role][area];
  return grant === 'write' || (grant === 'read' && action === 'read');
}

/** The action an HTTP method is. */
export function actionOf(method: string): Action {
  return method === 'GET' || method === 'HEAD' ? 'read' : 'write';
}
