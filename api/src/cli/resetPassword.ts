import { parseArgs } from 'node:util';
import { audit } from '../audit/log.ts';
import { loadConfig } from '../config.ts';
import { hashPassword } from '../lib/passwords.ts';
import { newPassword } from '../lib/tokens.ts';
import { connect } from '../db/connect.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { revokeUserSessions } from '../db/repositories/sessions.ts';
import { disableTwoFactor, findCredentials, setPasswordHash } from '../db/repositories/users.ts';

// `pnpm reset-password USER_NAME`: the way back in for whoever runs the server (it needs the
// database, not a session). Sets a new random password, ends every session of that user, and
// prints the password once. It does not reactivate a deactivated account: say so instead.
// `--two-factor-off` also turns off the user's two-factor sign-in (a phone and its recovery
// codes lost, and no other admin to turn it off).

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    help: { type: 'boolean', short: 'h' },
    'two-factor-off': { type: 'boolean' },
  },
});
if (values.help || positionals.length !== 1) {
  console.error('usage: pnpm reset-password <user name> [--two-factor-off]');
  process.exit(values.help ? 0 : 2);
}
const userName = positionals[0]!.trim().toLowerCase();

const config = loadConfig();
const db = connect({
  databaseUrl: config.databaseUrl,
  sqliteFile: config.sqliteFile,
  sqliteSynchronous: config.sqliteSynchronous,
});
try {
  await migrateToLatest(db.kysely);
  const user = await findCredentials(db.kysely, userName);
  if (!user) {
    console.error(`There is no user named "${userName}".`);
    process.exitCode = 1;
  } else {
    const password = newPassword();
    await db.kysely.transaction().execute(async (trx) => {
      await setPasswordHash(trx, user.id, await hashPassword(password));
      await revokeUserSessions(trx, user.id);
      if (values['two-factor-off'] && (await disableTwoFactor(trx, user.id))) {
        await audit(trx, null, {
          action: 'two_factor_off',
          resource: 'users',
          recordId: user.id,
          details: { by: 'reset-password' },
        });
      }
    });
    console.log(`New password for "${userName}": ${password}`);
    console.log('Every session of this user has been ended. The password is shown only now.');
    if (values['two-factor-off']) console.log('Two-factor sign-in is off for this user.');
    if (!user.is_active) console.log('Note: this account is deactivated; activate it to sign in.');
  }
} finally {
  await db.destroy();
}
