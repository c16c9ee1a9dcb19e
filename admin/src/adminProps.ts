import { defaultDarkTheme, defaultLightTheme, localStorageStore } from 'react-admin';
import { i18nProvider } from './i18n/index.ts';
import { authProvider } from './providers/authProvider.ts';

/**
 * What the sign-in screen (Shell.tsx) and the admin (App.tsx) share: the same providers,
 * one store (the chosen language and theme) and the themes. The sign-in screen reads no data:
 * the data provider is the admin's own.
 */
export const adminProps = {
  authProvider,
  i18nProvider,
  store: localStorageStore(undefined, 'conveyor-admin'),
  theme: defaultLightTheme,
  darkTheme: defaultDarkTheme,
  basename: '/admin',
};
