import {
  dataResponseSchema,
  ERRORS,
  errorResponses,
  idSchema,
  recoveryCodesSchema,
  type TwoFactorProof,
  twoFactorConfirmSchema,
  twoFactorProofSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from '@conveyor/shared';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { audit } from '../../audit/log.ts';
import { findCredentials, readTwoFactor } from '../../db/repositories/users.ts';
import {
  BadRequest,
  Conflict,
  Forbidden,
  NotFound,
  TooManyRequests,
} from '../../lib/httpErrors.ts';
import { verifyPassword } from '../../lib/passwords.ts';

const idParams = {
  type: 'object',
  properties: { id: idSchema },
  required: ['id'],
} as const;

const notOn = () => new Conflict(ERRORS.twoFactorOff, { code: 'twoFactor.notOn' });

/**
 * Two-factor sign-in: each user turns it on for themselves (a secret for their
 * authenticator app, confirmed by a code from it), gets ten one-time recovery codes, makes new
 * ones and turns it off, the last two proving it is them (password or a current code). An admin
 * turns it off for another user (a lost phone). Sign-in itself is in routes/auth.
 */
export default async function twoFactorRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<JsonSchemaToTsProvider>();
  const db = () => app.db.kysely;
  const tags = ['auth'];
  const security = [{ bearer: [] }];
  // The caller's own; reachable before enrolment where the server requires it of admins.
  const own = { access: 'staff', area: 'any', beforeTwoFactor: true } as const;
  const { perUser } = app.config.rateLimits.signIn;

  /**
   * The caller proves it is them, with their password or a current code. A wrong proof counts
   * like a wrong sign-in (SIGNIN_RATE_LIMIT per window for this user): a borrowed session must
   * not become a way to guess the password without a limit.
   */
  async function prove(request: FastifyRequest, reply: FastifyReply, proof: TwoFactorProof) {
    const user = request.user!;
    const key = `proof:${user.id}`;
    if ((await app.signInFailures.count(key)) >= perUser) {
      reply.header('retry-after', String(Math.max(1, await app.signInFailures.ttlSeconds(key))));
      throw new TooManyRequests(ERRORS.tooManyRequests);
    }
    let proven = false;
    if (proof.code !== undefined) {
      proven = await app.twoFactor.verifyCode(user.id, proof.code);
    } else if (proof.password !== undefined) {
      const account = await findCredentials(db(), user.user_name);
      proven = await verifyPassword(account?.password_hash ?? null, proof.password);
    }
    if (!proven) {
      await app.signInFailures.add(key);
      await audit(db(), request, {
        action: 'two_factor_failed',
        resource: 'users',
        recordId: user.id,
        details: { with: proof.code !== undefined ? 'totp' : 'password' },
      });
      throw new BadRequest(ERRORS.twoFactorProof, { code: 'twoFactor.proofWrong' });
    }
  }

  api.get(
    '/two-factor',
    {
      config: own,
      schema: {
        tags,
        summary: "The caller's two-factor sign-in: on or not, recovery codes left, required",
        security,
        response: { 200: dataResponseSchema(twoFactorStatusSchema), ...errorResponses },
      },
    },
    async (request) => ({ data: await app.twoFactor.status(request.user!) }),
  );

  api.post(
    '/two-factor/setup',
    {
      config: own,
      schema: {
        tags,
        summary: 'Starts turning it on: a new secret, its otpauth:// URI and QR code',
        security,
        response: { 200: dataResponseSchema(twoFactorSetupSchema), ...errorResponses },
      },
    },
    async (request) => {
      const user = request.user!;
      if (user.two_factor) throw new Conflict(ERRORS.twoFactorOn, { code: 'twoFactor.alreadyOn' });
      return { data: await app.twoFactor.start(user) };
    },
  );

  api.post(
    '/two-factor/confirm',
    {
      config: own,
      schema: {
        tags,
        summary: 'Turns it on with a code from the app; answers the recovery codes, once',
        security,
        body: twoFactorConfirmSchema,
        response: { 200: dataResponseSchema(recoveryCodesSchema), ...errorResponses },
      },
    },
    async (request) => {
      const user = request.user!;
      if (user.two_factor) throw new Conflict(ERRORS.twoFactorOn, { code: 'twoFactor.alreadyOn' });
      const codes = await db()
        .transaction()
        .execute(async (trx) => {
          const result = await app.twoFactor.confirm(trx, user.id, request.body.code);
          if (Array.isArray(result)) {
            await audit(trx, request, {
              action: 'two_factor_on',
              resource: 'users',
              recordId: user.id,
            });
          }
          return result;
        });
      if (codes === 'notStarted') {
        throw new Conflict(ERRORS.twoFactorNotStarted, { code: 'twoFactor.notStarted' });
      }
      if (codes === 'wrong') {
        throw new BadRequest(ERRORS.twoFactorCodeWrong, {
          code: 'twoFactor.codeWrong',
          field: 'code',
        });
      }
      return { data: codes };
    },
  );

  api.post(
    '/two-factor/recovery-codes',
    {
      config: { access: 'staff', area: 'any' },
      schema: {
        tags,
        summary: 'Ten new recovery codes in place of the old (with the password or a code)',
        security,
        body: twoFactorProofSchema,
        response: { 200: dataResponseSchema(recoveryCodesSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = request.user!;
      if (!user.two_factor) throw notOn();
      await prove(request, reply, request.body);
      const codes = await db()
        .transaction()
        .execute(async (trx) => {
          const fresh = await app.twoFactor.newRecoveryCodes(trx, user.id);
          await audit(trx, request, {
            action: 'recovery_codes_new',
            resource: 'users',
            recordId: user.id,
          });
          return fresh;
        });
      return { data: codes };
    },
  );

  api.delete(
    '/two-factor',
    {
      config: { access: 'staff', area: 'any' },
      schema: {
        tags,
        summary: "Turns the caller's two-factor sign-in off (with the password or a code)",
        security,
        body: twoFactorProofSchema,
        response: { 200: dataResponseSchema({ type: 'boolean' }), ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = request.user!;
      if (!user.two_factor) throw notOn();
      await prove(request, reply, request.body);
      await turnOff(request, user.id, 'self');
      return { data: true };
    },
  );

  api.delete(
    '/users/:id/two-factor',
    {
      // an admin's act: `users` write is theirs alone
      config: { access: 'staff', area: 'users' },
      schema: {
        tags: ['users'],
        summary: "Turns another user's two-factor sign-in off (a lost phone): admins",
        security,
        params: idParams,
        response: { 200: dataResponseSchema({ type: 'boolean' }), ...errorResponses },
      },
    },
    async (request) => {
      const { id } = request.params;
      // one's own needs the proof (DELETE /two-factor): a borrowed admin session must not
      // be enough to take the second factor off its own account
      if (id === request.user!.id) throw new Forbidden(ERRORS.forbidden, { code: 'forbidden' });
      const target = await readTwoFactor(db(), id);
      if (!target) throw new NotFound(ERRORS.notFound);
      if (!target.enabled) throw notOn();
      await turnOff(request, id, 'admin');
      return { data: true };
    },
  );

  async function turnOff(request: FastifyRequest, userId: number, by: 'self' | 'admin') {
    const done = await db()
      .transaction()
      .execute(async (trx) => {
        const off = await app.twoFactor.disable(trx, userId);
        if (off) {
          await audit(trx, request, {
            action: 'two_factor_off',
            resource: 'users',
            recordId: userId,
            details: { by },
          });
        }
        return off;
      });
    if (!done) throw notOn();
  }
}
