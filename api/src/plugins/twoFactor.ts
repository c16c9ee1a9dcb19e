import type { TwoFactorSetup, TwoFactorStatus, User } from '@conveyor/shared';
import fp from 'fastify-plugin';
import { serverKey } from '../db/repositories/security.ts';
import {
  acceptStep,
  disableTwoFactor,
  enableTwoFactor,
  readTwoFactor,
  replaceRecoveryCodes,
  savePending,
  useRecoveryCode,
} from '../db/repositories/users.ts';
import type { Executor } from '../db/repositories/table.ts';
import { type Clock, systemClock } from '../lib/clock.ts';
import {
  hashRecoveryCode,
  newRecoveryCodes,
  newTotpSecret,
  openSecret,
  sealSecret,
  totpQr,
  totpUri,
  verifyTotp,
} from '../lib/twoFactor.ts';

/** What a sign-in's second step came to. */
export type SecondStep =
  { ok: true; by: 'totp' } | { ok: true; by: 'recovery_code'; left: number } | { ok: false };

/** Two-factor sign-in: everything the routes and the guard ask of it. */
export interface TwoFactor {
  /** The server requires it of this user (TWO_FACTOR_REQUIRED_FOR_ADMINS) and it is off. */
  mustEnrol(user: Pick<User, 'role' | 'two_factor'>): boolean;
  status(user: Pick<User, 'id' | 'role'>): Promise<TwoFactorStatus>;
  /** A new secret waiting for its confirming code (replacing any earlier one). */
  start(user: Pick<User, 'id' | 'user_name'>): Promise<TwoFactorSetup>;
  /** On with the pending secret if the code is right: the recovery codes, or why not. */
  confirm(db: Executor, userId: number, code: string): Promise<string[] | 'notStarted' | 'wrong'>;
  /** A current code of the user's app, each code once (its step and those before it are used up). */
  verifyCode(userId: number, code: string): Promise<boolean>;
  /** The sign-in's second step: a current code, or else an unused recovery code. */
  secondStep(userId: number, proof: { totp?: string; recovery_code?: string }): Promise<SecondStep>;
  /** Ten new recovery codes in place of the old ones. */
  newRecoveryCodes(db: Executor, userId: number): Promise<string[]>;
  /** Off; false when it was not on. */
  disable(db: Executor, userId: number): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyInstance {
    twoFactor: TwoFactor;
  }
}

/**
 * TOTP secrets are stored sealed with a server key (`server_keys`, made at the first start and
 * shared by every instance), which backups leave out: an archive that gets away does not carry
 * the secrets with the password hashes. The cost: on a database restored elsewhere, the secrets
 * do not open, and those users sign in with a recovery code (docs/security.md).
 */
export default fp<{ clock?: Clock }>(
  async (app, { clock = systemClock }) => {
    const db = () => app.db.kysely;
    const key = Buffer.from(await serverKey(db(), 'two-factor'), 'base64url');
    const requiredForAdmins = app.config.twoFactor.requiredForAdmins;
    const required = (user: Pick<User, 'role'>) => requiredForAdmins && user.role === 'admin';

    const freshRecoveryCodes = () => {
      const codes = newRecoveryCodes();
      return { codes, hashes: codes.map(hashRecoveryCode) };
    };

    const service: TwoFactor = {
      mustEnrol: (user) => required(user) && !user.two_factor,

      async status(user) {
        const row = await readTwoFactor(db(), user.id);
        return {
          enabled: row?.enabled ?? false,
          pending: Boolean(row?.pending),
          recovery_codes_left: row?.enabled ? row.recovery.length : 0,
          required: required(user),
        };
      },

      async start(user) {
        const secret = newTotpSecret();
        await savePending(db(), user.id, sealSecret(key, user.id, secret));
        const uri = totpUri(secret, user.user_name);
        return { secret, uri, qr: await totpQr(uri) };
      },

      async confirm(executor, userId, code) {
        const row = await readTwoFactor(executor, userId);
        const secret = row?.pending ? openSecret(key, userId, row.pending) : null;
        if (!row?.pending || !secret) return 'notStarted';
        const step = await verifyTotp(secret, code, clock.now(), null);
        if (step === null) return 'wrong';
        const { codes, hashes } = freshRecoveryCodes();
        const done = await enableTwoFactor(executor, userId, {
          pending: row.pending,
          secret: sealSecret(key, userId, secret),
          step,
          recovery: hashes,
        });
        return done ? codes : 'notStarted';
      },

      async verifyCode(userId, code) {
        const row = await readTwoFactor(db(), userId);
        const secret = row?.enabled && row.secret ? openSecret(key, userId, row.secret) : null;
        if (!row || !secret) return false;
        const step = await verifyTotp(secret, code, clock.now(), row.lastStep);
        return step !== null && (await acceptStep(db(), userId, step));
      },

      async secondStep(userId, proof) {
        if (proof.totp !== undefined) {
          return (await service.verifyCode(userId, proof.totp))
            ? { ok: true, by: 'totp' }
            : { ok: false };
        }
        if (proof.recovery_code !== undefined) {
          const left = await useRecoveryCode(db(), userId, hashRecoveryCode(proof.recovery_code));
          return left === null ? { ok: false } : { ok: true, by: 'recovery_code', left };
        }
        return { ok: false };
      },

      async newRecoveryCodes(executor, userId) {
        const { codes, hashes } = freshRecoveryCodes();
        await replaceRecoveryCodes(executor, userId, hashes);
        return codes;
      },

      disable: (executor, userId) => disableTwoFactor(executor, userId),
    };
    app.decorate('twoFactor', service);
  },
  { name: 'two-factor', dependencies: ['db', 'config'] },
);
