/**
 * A link from the content as an href, or null: only http(s) links are rendered, so no other
 * scheme (javascript:, data:, vbscript:) reaches an anchor even if one got into the data.
 */
export function httpLink(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    return ['http:', 'https:'].includes(new URL(url).protocol) ? url : null;
  } catch {
    return null;
  }
}
