import type { DocumentRecord } from '@conveyor/shared';

/**
 * A document as an anonymous reader gets it (the public API, the site's snapshot): one given
 * "on request" comes without its file, for the site offers to ask for it instead.
 */
export function publicDocument<T extends DocumentRecord>(document: T): T {
  return document.on_request ? { ...document, file: null, url: null } : document;
}
