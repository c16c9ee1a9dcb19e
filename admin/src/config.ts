/**
 * Where the API and the uploaded files are. The admin is served by the API's own server, so
 * both are on the same origin by default; VITE_API_URL points a separately hosted admin at an
 * API elsewhere (that API must then list the admin's origin in CORS_ORIGINS).
 */
function apiOrigin(): string {
  return (import.meta.env.VITE_API_URL as string | undefined)?.replace(/\/+$/, '') ?? '';
}

export const apiBase = () => `${apiOrigin()}/api`;
const filesBase = () => `${apiOrigin()}/uploads/`;

/** The address of an uploaded file from the path the API stores. */
export function fileUrl(path: string | null | undefined): string | undefined {
  if (!path) return undefined;
  if (/^(https?:|blob:|data:)/.test(path)) return path;
  return filesBase() + path.replace(/^\/+/, '').replace(/^uploads\//, '');
}

/** Where signed-out staff are sent (the spec's path; react-admin's /admin/login works too). */
export const LOGIN_PATH = '/auth/login';

/** Where the admin is: react-admin's basename (adminProps.ts), its home `/admin/`. */
export const ADMIN_BASENAME = '/admin';

/**
 * Set in sessionStorage by the sign-in screen as it signs in, and taken by the admin's first
 * screen, which says 'Login successfully' (SignedInToast).
 */
export const SIGNED_IN_FLAG = 'conveyor.signedIn';

/** The address of a draft's preview page, from the path the API answers (`/preview/…`). */
export const previewUrl = (path: string) => `${apiOrigin()}${path}`;
