import fp from 'fastify-plugin';
import { countUsers, insertAccount } from '../db/repositories/users.ts';
import { hashPassword } from '../lib/passwords.ts';
import { newPassword } from '../lib/tokens.ts';

/**
 * The first staff account, made when there is none: from ADMIN_USER / ADMIN_PASSWORD, or with a
 * generated password that is printed once. There is no other way in without an account.
 */
export default fp(
  async (app) => {
    const db = app.db.kysely;
    if ((await countUsers(db)) > 0) return;
    const { userName, password, email } = app.config.admin;
    const generated = !password;
    const secret = password || newPassword();
    await insertAccount(db, {
      user_name: userName.trim().toLowerCase(),
      password_hash: await hashPassword(secret),
      first_name: 'Admin',
      last_name: '',
      email: email.trim().toLowerCase(),
    });
    app.log.info({ user_name: userName }, 'created the first admin account');
    if (generated) {
      // Printed on the console on purpose (not only in the JSON log): it is shown this once.
      console.log(
        `\n  First admin account created.\n    user name: ${userName}\n    password:  ${secret}\n` +
          `  This password is shown only now. Set ADMIN_PASSWORD to choose it yourself.\n`,
      );
    }
  },
  { name: 'accounts', dependencies: ['db'] },
);
