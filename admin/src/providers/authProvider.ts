import type { AuthProvider } from 'react-admin';
import type { User } from '@conveyor/shared';
import { fileUrl, LOGIN_PATH } from '../config.ts';
import { type AccessQuery, canAccessAs } from './access.ts';
import { api, session } from './http.ts';
import { signedOutNotice } from './signedOutNotice.ts';

// the sign-out notice (spec 8) lives in a module of its own, which the sign-in screen reads
export { signedOutNotice };

let identity: Promise<User> | null = null;

/** Forgets the signed-in user as last asked (their two-factor state changed): asked anew. */
export function forgetIdentity(): void {
  identity = null;
}

/**
 * Where an administrator goes who must turn on two-factor sign-in first: the API refuses them
 * everything else (403 `twoFactor.enrolmentRequired`) until it is on.
 */
export const TWO_FACTOR_PATH = '/admin/two-factor';

/** The sign-in's fields: a code, or a recovery code, only when the API asked for one. */
export interface Credentials {
  username: string;
  password: string;
  totp?: string;
  recovery_code?: string;
}

/** The signed-in user as `/me` gives them, asked once per sign-in. */
async function currentUser(): Promise<User> {
  identity ??= api<{ data: User }>('/me').then((reply) => reply.data);
  try {
    return await identity;
  } catch (error) {
    identity = null;
    throw error;
  }
}

/**
 * Sign-in with the API's session cookie (HttpOnly, SameSite=Strict: no script here ever holds
 * the token). A 401 from any call (an expired or revoked session, a deactivated user) signs the
 * user out and sends them to sign-in, where a warning toast gives the API's reason.
 */
export const authProvider: AuthProvider = {
  async login({ username, password, totp, recovery_code }: Credentials) {
    session.end();
    signedOutNotice.take();
    identity = null;
    await api<{ data: string }>('/signin', {
      method: 'POST',
      json: {
        user_name: username,
        password,
        session: 'cookie',
        ...(totp ? { totp } : {}),
        ...(recovery_code ? { recovery_code } : {}),
      },
    });
    session.start();
  },

  async logout() {
    if (session.active()) {
      // End the session on the server (which clears the cookie); signing out locally must work
      // even if that fails.
      await api('/signout', { method: 'POST', json: {} }).catch(() => undefined);
    }
    session.end();
    identity = null;
    return LOGIN_PATH;
  },

  async checkAuth() {
    if (!session.active()) throw { redirectTo: LOGIN_PATH, message: false };
  },

  async checkError(error: { status?: number; message?: string; body?: { code?: unknown } }) {
    if (error?.status === 403 && error.body?.code === 'twoFactor.enrolmentRequired') {
      throw { redirectTo: TWO_FACTOR_PATH, logoutUser: false, message: false };
    }
    if (error?.status === 401) {
      // react-admin would raise its toast inside the admin, which is left for the sign-in
      // screen at once (and only while still signed in): the sign-in screen shows it instead.
      signedOutNotice.set(error.message || 'ra.auth.auth_check_error');
      session.end();
      identity = null;
      throw { redirectTo: LOGIN_PATH, message: false };
    }
  },

  async getIdentity() {
    const user = await currentUser();
    const fullName = [user.first_name, user.last_name].filter(Boolean).join(' ');
    return {
      id: user.id,
      fullName: fullName || user.user_name,
      role: user.role,
      ...(user.avatar ? { avatar: fileUrl(user.avatar) } : {}),
    };
  },

  /**
   * What the signed-in user's role allows, from the same table the API enforces: react-admin
   * hides the menu entries, buttons and screens it refuses (and shows "access denied" for an
   * address typed by hand).
   */
  async canAccess(query: AccessQuery) {
    try {
      return canAccessAs(await currentUser(), query);
    } catch (error) {
      // The session ended (revoked, expired, the user switched off) while a screen asked what
      // it may show. Refusing would show "access denied", and an error react-admin's
      // "authentication error" page; letting the screen ask the API instead gets the 401 that
      // checkError turns into the sign-in screen with the API's reason (the API refuses
      // whatever the screen asks for, so nothing is shown that should not be).
      if ((error as { status?: number }).status === 401) return true;
      throw error;
    }
  },
};
