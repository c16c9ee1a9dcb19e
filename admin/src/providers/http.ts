import { HttpError } from 'react-admin';
import { apiBase } from '../config.ts';
import { apiErrorMessage } from './apiErrors.ts';

const SIGNED_IN_KEY = 'conveyor.signedIn';

/**
 * Whether this browser signed in. Not a secret: the session itself is an HttpOnly cookie that
 * no script can read (so a script injected into a page of this origin cannot carry it off).
 * It only spares a round trip before sign-in: an ended session still answers 401.
 */
export const session = {
  active: (): boolean => localStorage.getItem(SIGNED_IN_KEY) === '1',
  start: () => localStorage.setItem(SIGNED_IN_KEY, '1'),
  end: () => localStorage.removeItem(SIGNED_IN_KEY),
};

/** Sent with every call: the API trusts a cookie-authenticated write only with it (CSRF). */
export const CSRF_HEADER = 'x-conveyor-csrf';

export interface ApiOptions {
  method?: string;
  json?: unknown;
  form?: FormData;
  query?: URLSearchParams;
}

/**
 * One call to the API. Success is the status the contract promises (201 for create, 200
 * otherwise); anything else becomes an HttpError carrying the text of the API's error code in
 * the staff's language (the API's own body stays in its `body`), which react-admin shows to the
 * user, and its status, which the auth provider reads (401 signs out).
 */
export async function api<T = unknown>(path: string, options: ApiOptions = {}): Promise<T> {
  const headers = new Headers({ accept: 'application/json', [CSRF_HEADER]: '1' });
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
      // the session cookie, also when the API is on another (same-site) origin (VITE_API_URL)
      credentials: 'include',
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
  if (!response.ok) throw httpError(path, response, payload);
  return payload as T;
}

/**
 * A failed answer as an HttpError: the staff's text for the API's error code, else the API's
 * `{error}` text, else the status.
 */
function httpError(path: string, response: Response, payload: unknown): HttpError {
  const record = (payload ?? {}) as { error?: unknown; message?: unknown };
  const message =
    typeof record.error === 'string'
      ? record.error
      : typeof record.message === 'string'
        ? record.message
        : response.status >= 500
          ? 'Server error!'
          : response.statusText || `HTTP ${response.status}`;
  return new HttpError(apiErrorMessage(path, payload, message), response.status, payload);
}

/** A file the API answered with, and the name its Content-Disposition gives it. */
export interface DownloadedFile {
  blob: Blob;
  filename: string;
}

/**
 * Fetches a file from the API with the session cookie (a GET: no CSRF header needed, but it is
 * sent like on every call so that an ended session is a 401). Failures are HttpErrors as with
 * `api`, so the caller can show the API's reason instead of saving an error as the file.
 */
export async function fetchFile(path: string, query?: URLSearchParams): Promise<DownloadedFile> {
  const search = query?.toString();
  let response: Response;
  try {
    response = await fetch(`${apiBase()}${path}${search ? `?${search}` : ''}`, {
      headers: { [CSRF_HEADER]: '1' },
      credentials: 'include',
    });
  } catch {
    throw new HttpError('conveyor.errors.network', 0);
  }
  if (!response.ok) {
    const text = await response.text();
    let payload: unknown = null;
    try {
      payload = JSON.parse(text);
    } catch {
      // not JSON
    }
    throw httpError(path, response, payload);
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? path.split('/').pop() ?? 'export';
  return { blob: await response.blob(), filename };
}

/** Hands a file to the browser as a download, as react-admin's `downloadCSV` does. */
export function saveFile({ blob, filename }: DownloadedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // freed later, not at once: some browsers still read the address after the click returns
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
