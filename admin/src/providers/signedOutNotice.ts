// Apart from the auth provider (which re-exports it): the sign-in screen reads it as it opens,
// and the auth provider's imports (react-admin, the catalogues) load with the admin.
const NOTICE_KEY = 'conveyor.signedOutNotice';
/** A notice older than this is not shown (it belongs to an earlier sign-out). */
const NOTICE_MS = 15_000;

/**
 * Why the user was signed out (the API's text on a 401), carried to the sign-in screen: it is
 * a React tree of its own, so a toast raised in the admin would vanish with it. Spec 8: a
 * warning toast with the API's message.
 */
export const signedOutNotice = {
  set(message: string) {
    sessionStorage.setItem(NOTICE_KEY, JSON.stringify({ message, at: Date.now() }));
  },
  /** The notice, once: it is removed as it is read. */
  take(): string | null {
    const stored = sessionStorage.getItem(NOTICE_KEY);
    sessionStorage.removeItem(NOTICE_KEY);
    if (!stored) return null;
    try {
      const { message, at } = JSON.parse(stored) as { message?: unknown; at?: unknown };
      if (typeof message !== 'string' || typeof at !== 'number') return null;
      return Date.now() - at <= NOTICE_MS ? message : null;
    } catch {
      return null;
    }
  },
};
