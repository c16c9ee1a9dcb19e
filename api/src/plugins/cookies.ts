import cookie from '@fastify/cookie';
import fp from 'fastify-plugin';
import { serverKey } from '../db/repositories/security.ts';

/**
 * Cookies, signed with a key every instance reads from the database (made at the first start),
 * so a cookie one instance signed is good on all of them and after a restart.
 */
export default fp(
  async (app) => {
    const secret = await serverKey(app.db.kysely, 'cookie-signing');
    await app.register(cookie, { secret, hook: 'onRequest' });
  },
  { name: 'cookies', dependencies: ['db'] },
);
