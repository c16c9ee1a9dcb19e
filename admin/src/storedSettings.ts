/**
 * The staff's own settings (their language, their light or dark theme), kept by react-admin's
 * store in localStorage: adminProps.ts makes it, `localStorageStore(STORE_VERSION, STORE_KEY)`.
 */
export const STORE_KEY = 'conveyor-admin';
export const STORE_VERSION = '1';

/** The store's key prefix (react-admin's localStorageStore puts `RaStore` before the app's key). */
const PREFIX = `RaStore${STORE_KEY}`;

/**
 * A setting as react-admin's store reads it (undefined when none is kept), read by hand: the
 * sign-in screen runs without react-admin, whose store alone brings its core into the first
 * screen's JavaScript (the budget in admin/scripts/initialJs.ts). Values are JSON; the store
 * forgets every setting kept by another version of it; without localStorage (some private
 * windows) it keeps them in memory, where nothing but the admin sees them.
 */
export function storedSetting(key: 'locale' | 'theme'): unknown {
  try {
    const version = localStorage.getItem(`${PREFIX}.version`);
    if (version !== null && version !== STORE_VERSION) return undefined;
    const stored = localStorage.getItem(`${PREFIX}.${key}`);
    if (stored === null) return undefined;
    try {
      return JSON.parse(stored) as unknown;
    } catch {
      return stored;
    }
  } catch {
    return undefined;
  }
}
