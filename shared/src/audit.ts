import type { FromSchema } from 'json-schema-to-ts';
import { idSchema, nullableIdSchema, recordSchema, timestampSchema } from './schemas/common.ts';

/**
 * What the activity log records: security events and every staff change. Stable
 * names: the back office translates them, and filters by them.
 * - `signin`, `signin_failed` (the user name tried), `signout`;
 * - `create`, `update`, `delete` of any record by staff, with the names of the fields changed
 *   (never their values: a lead's phone stays out of the log) and, where the change made a
 *   revision (content, and a delete's trash item), its id as `revision_id`;
 * - `role_change` (from, to), `password_change` (by the user or by an admin),
 *   `sessions_end` (whose, how many);
 * - `export` of a list (its format and filters: exports carry personal data);
 * - `publish` (a rebuild asked for by hand), `rollback` (an older release made live, by name);
 * - `backup` (one asked for by hand), `backup_download` (a copy of all the data taken away);
 * - `restore` of a record to an earlier revision (which one, in the details), `purge` of a
 *   deleted record from the trash for good (by hand, or by the daily job after TRASH_DAYS);
 * - two-factor sign-in: `two_factor_on`, `two_factor_off` (the user's record; by
 *   whom is the event's user), `recovery_codes_new` (regenerated), `recovery_code_used` (how
 *   many are left), `two_factor_failed` (a wrong code at sign-in or when proving it is you);
 * - scheduled publishing: `schedule` (a record's publish and unpublish times set or
 *   changed, in the details), `unschedule` (cancelled by hand); the change a schedule makes
 *   when its time comes is an `update` by the scheduler, naming the schedule's author.
 */
export const AUDIT_ACTIONS = [
  'signin',
  'signin_failed',
  'signout',
  'create',
  'update',
  'delete',
  'role_change',
  'password_change',
  'sessions_end',
  'export',
  'publish',
  'rollback',
  'backup',
  'backup_download',
  'restore',
  'purge',
  'two_factor_on',
  'two_factor_off',
  'recovery_codes_new',
  'recovery_code_used',
  'two_factor_failed',
  'schedule',
  'unschedule',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** One event of the activity log, as the API answers it. */
export const auditEventSchema = recordSchema({
  id: idSchema,
  created_at: timestampSchema,
  /** Who did it: null for a visitor, or a user deleted since (their name stays). */
  user_id: nullableIdSchema,
  user_name: { type: 'string' },
  action: { type: 'string', enum: AUDIT_ACTIONS },
  /** The resource or screen it concerns (`products`, `settings`…); empty for sign-ins. */
  resource: { type: 'string' },
  record_id: nullableIdSchema,
  ip: { type: 'string' },
  /** What else there is to say: changed field names, a role's from and to, an export's format. */
  details: { type: 'object', additionalProperties: true },
});
export type AuditEvent = FromSchema<typeof auditEventSchema>;
