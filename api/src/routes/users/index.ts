import { ERRORS, may, type User, userBodies, userSchema } from '@conveyor/shared';
import type { FastifyInstance } from 'fastify';
import { audit } from '../../audit/log.ts';
import { activeAdminIds, findConflicts, passwordHashOf } from '../../db/repositories/users.ts';
import { revokeUserSessions } from '../../db/repositories/sessions.ts';
import { users } from '../../db/repositories/tables.ts';
import type { Executor } from '../../db/repositories/table.ts';
import { BadRequest, Conflict, Forbidden } from '../../lib/httpErrors.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { columnValues, registerCrud } from '../crud/index.ts';

/** Staff accounts. There is no sign-up: accounts are made here, by staff. */
export default async function userRoutes(app: FastifyInstance) {
  /** Refuses to leave the back office without an active admin (409): nobody could manage it. */
  async function keepOneAdmin(db: Executor, userId: number) {
    const admins = await activeAdminIds(db, app.db.dialect === 'postgres');
    if (!admins.some((id) => id !== userId))
      throw new Conflict(ERRORS.lastAdmin, { code: 'users.lastActiveAdmin' });
  }

  const isAdmin = (user: User | null) => may(user?.role, 'users', 'write');

  /**
   * A password is changed by its owner, who proves it with the current one: a stolen or
   * borrowed session cannot take over the account by setting its password. An admin may set
   * another user's (a forgotten password), which ends that user's sessions. Whoever runs the
   * server can always recover an account: `pnpm reset-password USER_NAME`.
   */
  async function mayChangePassword(
    user: User | null,
    targetId: number,
    currentPassword: unknown,
  ): Promise<void> {
    if (user && user.id !== targetId && isAdmin(user)) return;
    if (!user || user.id !== targetId)
      throw new Forbidden(ERRORS.ownPasswordOnly, { code: 'users.ownPasswordOnly' });
    if (typeof currentPassword !== 'string' || currentPassword === '') {
      throw new BadRequest('current_password: is required to change the password', {
        code: 'users.currentPasswordRequired',
        field: 'current_password',
      });
    }
    const stored = await passwordHashOf(app.db.kysely, targetId);
    if (!(await verifyPassword(stored, currentPassword))) {
      throw new BadRequest('current_password: is not the current password', {
        code: 'users.currentPasswordWrong',
        field: 'current_password',
      });
    }
  }

  registerCrud(app, {
    name: 'users',
    repo: users,
    record: userSchema,
    bodies: userBodies,
    hooks: {
      async prepare({ db, request }, body, existing) {
        const values = columnValues({ repo: users, name: 'users' }, body);
        // Someone editing their own profile without being an admin keeps their role and switch.
        if (!isAdmin(request.user)) {
          const changes = (key: 'role' | 'is_active') =>
            body[key] !== undefined && body[key] !== existing?.[key];
          if (changes('role') || changes('is_active'))
            throw new Forbidden(ERRORS.adminOnly, { code: 'users.adminOnly' });
        }
        // Names and e-mails are compared case-insensitively, so they are stored lower-cased.
        const user_name = body.user_name?.trim().toLowerCase();
        const email = body.email?.trim().toLowerCase();
        if (user_name !== undefined) values.user_name = user_name;
        if (email !== undefined) values.email = email;
        const conflicts = await findConflicts(db, { user_name, email }, existing?.id);
        if (conflicts.userName)
          throw new Conflict(ERRORS.userNameTaken, { code: 'users.nameTaken' });
        if (conflicts.email) throw new Conflict(ERRORS.emailTaken, { code: 'users.emailTaken' });
        if (typeof body.password === 'string') {
          // only an update (with an `existing` record) has the field
          const current = 'current_password' in body ? body.current_password : undefined;
          if (existing) await mayChangePassword(request.user, existing.id, current);
          values.password_hash = await hashPassword(body.password);
        }
        return values;
      },
      async beforeUpdate({ db, request }, existing, values) {
        const deactivating = values.is_active === false && existing.is_active;
        const demoting =
          existing.role === 'admin' && values.role !== undefined && values.role !== 'admin';
        if (existing.is_active && (deactivating || demoting)) await keepOneAdmin(db, existing.id);
        // A deactivated user is signed out everywhere; a new password ends every other session.
        if (deactivating) await revokeUserSessions(db, existing.id);
        else if (values.password_hash) {
          const own = request.user?.id === existing.id ? request.tokenHash : null;
          await revokeUserSessions(db, existing.id, own);
        }
        // The security events of a user's change, beside the update the CRUD logs.
        if (values.role !== undefined && values.role !== existing.role) {
          await audit(db, request, {
            action: 'role_change',
            resource: 'users',
            recordId: existing.id,
            details: { from: existing.role, to: values.role },
          });
        }
        if (values.password_hash) {
          await audit(db, request, {
            action: 'password_change',
            resource: 'users',
            recordId: existing.id,
            details: { by: request.user?.id === existing.id ? 'self' : 'admin' },
          });
        }
      },
      async beforeDelete({ db }, record) {
        if (record.is_active && record.role === 'admin') await keepOneAdmin(db, record.id);
        return [];
      },
    },
  });
}
