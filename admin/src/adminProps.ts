import { defaultDarkTheme, defaultLightTheme, localStorageStore } from 'react-admin';
import { ADMIN_BASENAME } from './config.ts';
import { i18nProvider } from './i18n/index.ts';
import { withMotionPreference } from './layout/motion.ts';
import { authProvider } from './providers/authProvider.ts';
import { STORE_KEY, STORE_VERSION } from './storedSettings.ts';

/**
 * The admin's providers, its store (the chosen language and theme, which the sign-in screen
 * reads too: storedSettings.ts) and its themes (the sign-in screen draws with the same:
 * layout/signInTheme.ts), still for those who asked for less motion (layout/motion.ts). The data
 * provider is the admin's own (App.tsx).
 */
export const adminProps = {
  authProvider,
  i18nProvider,
  store: localStorageStore(STORE_VERSION, STORE_KEY),
  theme: withMotionPreference(defaultLightTheme),
  darkTheme: withMotionPreference(defaultDarkTheme),
  basename: ADMIN_BASENAME,
};
