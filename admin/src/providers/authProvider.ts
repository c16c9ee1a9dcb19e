import type { AuthProvider } from 'react-admin';
import type { User } from '@conveyor/shared';
import { fileUrl, LOGIN_PATH } from '../config.ts';
import { api, tokenStore } from './http.ts';

let identity: Promise<User> | null = null;

/**
 * Sign-in with the API's tokens. The token lives in local storage; a 401 from any call (an
 * expired or revoked token, a deactivated user) signs the user out and sends them to sign-in.
 */
export const authProvider: AuthProvider = {
  async login({ username, password }: { username: string; password: string }) {
    tokenStore.clear();
    identity = null;
    const reply = await api<{ data: string }>('/signin', {
      method: 'POST',
      json: { user_name: username, password },
      anonymous: true,
    });
    tokenStore.set(reply.data);
  },

  async logout() {
    if (tokenStore.get()) {
      // Revoke the token on the server; signing out locally must work even if that fails.
      await api('/signout', { method: 'POST', json: {} }).catch(() => undefined);
    }
    tokenStore.clear();
    identity = null;
    return LOGIN_PATH;
  },

  async checkAuth() {
    if (!tokenStore.get()) throw { redirectTo: LOGIN_PATH, message: false };
  },

  async checkError(error: { status?: number }) {
    if (error?.status === 401) {
      tokenStore.clear();
      identity = null;
      throw { redirectTo: LOGIN_PATH, message: 'ra.auth.auth_check_error' };
    }
  },

  async getIdentity() {
    identity ??= api<{ data: User }>('/me').then((reply) => reply.data);
    try {
      const user = await identity;
      const fullName = [user.first_name, user.last_name].filter(Boolean).join(' ');
      return {
        id: user.id,
        fullName: fullName || user.user_name,
        ...(user.avatar ? { avatar: fileUrl(user.avatar) } : {}),
      };
    } catch (error) {
      identity = null;
      throw error;
    }
  },
};
