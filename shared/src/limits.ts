/** Business constants of the spec (section 9) and the limits the API enforces. */

export const DEFAULT_PAGE = 1;
export const DEFAULT_LIMIT = 10;
/** The largest page a list call returns; a bigger `limit` is capped to it. */
export const MAX_LIMIT = 100;
export const PAGE_SIZES = [10, 20, 50] as const;

/** List screens show this many characters of a description. */
export const DESCRIPTION_PREVIEW_LENGTH = 30;

/** Images a product may have (existing + new − deleted). */
export const MAX_PRODUCT_IMAGES = 8;
/** Declared types the browsers' pickers accept; the API decides by the bytes. */
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/jpg'] as const;
export const ACCEPTED_IMAGE_EXTENSIONS = ['.jpg', '.jpeg', '.png'] as const;

/** Toast durations in milliseconds. */
export const ADMIN_TOAST_MS = 2000;
export const TOAST_MS = 4000;

/** Product slider autoplay delay in milliseconds. */
export const PRODUCT_SLIDER_AUTOPLAY_MS = 2000;
/** The navigation bar shrinks once the page is scrolled past this many pixels. */
export const NAVBAR_SHRINK_PX = 70;

/** Local storage keys of the public site. */
export const STORAGE_KEYS = { language: 'lang', theme: 'theme' } as const;

/**
 * Where sales stand with a lead or a supplier application. `spam` keeps junk out of the counts
 * without deleting it (the honeypot and rate limits stop most of it before it is stored).
 */
export const LEAD_STATUSES = ['new', 'in_progress', 'won', 'lost', 'spam'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
