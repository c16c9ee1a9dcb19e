/**
 * Addresses the build uses, from its settings (environment variables, part of the release's
 * code hash, src/integrations/incremental.ts), not from the data: pages may use these, while
 * the data come to them from the plan (src/lib/plan.ts). Read when asked, not when this module
 * loads: the build worker (scripts/worker.mjs) loads the config's side of the site's modules
 * once, before the first build's variables are set, and keeps them from build to build.
 */

/** The API the site is built from (API_URL at build time). */
export const apiUrl = () => (process.env.API_URL ?? 'http://127.0.0.1:8080').replace(/\/+$/, '');

/**
 * Where the browser sends the public forms (PUBLIC_API_URL at build time). Empty means the
 * site's own origin, which is how the one-port product serves it.
 */
export const publicApiUrl = () => (process.env.PUBLIC_API_URL ?? '').replace(/\/+$/, '');

const uploadPath = (path: string) =>
  `/uploads/${path.replace(/^\/+/, '').replace(/^uploads\//, '')}`;

/** Where the build reads the uploads from. */
export const uploadsUrl = () => `${apiUrl()}/uploads/`;

/** The address of an uploaded image as the build reads it (pages show re-encoded copies). */
export function fileUrl(path: string | null | undefined): string | undefined {
  if (!path) return undefined;
  if (/^https?:/.test(path)) return path;
  return `${apiUrl()}${uploadPath(path)}`;
}

/**
 * The address of an uploaded image as visitors and crawlers reach it (Open Graph, JSON-LD): on
 * the public API's origin, or on the site's own when one server answers both.
 */
export function publicFileUrl(path: string | null | undefined, site: string): string | undefined {
  if (!path) return undefined;
  if (/^https?:/.test(path)) return path;
  return `${publicApiUrl() || site}${uploadPath(path)}`;
}
