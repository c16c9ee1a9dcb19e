import { HttpError } from 'react-admin';
import { apiBase } from '../config.ts';

const TOKEN_KEY = 'conveyor.token';

export const tokenStore = {
  get: (): string | null => localStorage.getItem(TOKEN_KEY),
  set: (token: string) => localStorage.setItem(TOKEN_KEY, token),
  clear: () => localStorage.removeItem(TOKEN_KEY),
};

export interface ApiOptions {
  method?: string;
  json?: unknown;
  form?: FormData;
  query?: URLSearchParams;
  /** Send no token even when one is stored (sign-in). */
  anonymous?: boolean;
}

/**
 * One call to the API. Success is the status the contract promises (201 for create, 200
 * otherwise); anything else becomes an HttpError carrying the API's `{error}` text, which
 * react-admin shows to the user, and its status, which the auth provider reads (401 signs out).
 */
export async function api<T = unknown>(path: string, options: ApiOptions = {}): Promise<T> {
  const headers = new Headers({ accept: 'application/json' });
  const token = options.anonymous ? null : tokenStore.get();
  if (token) headers.set('authorization', `Bearer ${token}`);
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(options.json);
  } else if (options.form) {
    body = options.form; // the browser sets the multipart boundary
  }
  const query = options.query?.toString();
  let response: Response;
  try {
    response = await fetch(`${apiBase()}${path}${query ? `?${query}` : ''}`, {
      method: options.method ?? 'GET',
      headers,
      body,
    });
  } catch {
    throw new HttpError('conveyor.errors.network', 0);
  }
  const text = await response.text();
  let payload: unknown;
  try {
    payload = text ? JSON.parse(text) : null;
  } catch {
    payload = null; // not JSON (a proxy's error page): fall back to the status text below
  }
  if (!response.ok) {
    const record = (payload ?? {}) as { error?: unknown; message?: unknown };
    const message =
      typeof record.error === 'string'
        ? record.error
        : typeof record.message === 'string'
          ? record.message
          : response.status >= 500
            ? 'Server error!'
            : response.statusText || `HTTP ${response.status}`;
    throw new HttpError(message, response.status, payload);
  }
  return payload as T;
}
