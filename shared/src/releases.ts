/**
 * A release whose pictures are still being encoded holds this file (a dotfile: never served):
 * the first release of a site goes live once its pages are written, before its new pictures
 * are encoded (site/src/integrations/pictures.ts), and the build removes the file when the last
 * picture is in. Until then the server answers a picture not encoded yet with its original
 * (api/src/plugins/frontends.ts).
 */
export const PENDING_PICTURES = '.pictures-pending.json';

/** The pending file's content: each picture to come, by its address in the release. */
export interface PendingPictures {
  version: 1;
  /**
   * `/_astro/<file>` → where its original is: a path on the API that the build read it from
   * (`/uploads/…`), or the address of a picture on another host; null for one of the site's own
   * files (it has no address of its own).
   */
  pictures: Record<string, string | null>;
}
