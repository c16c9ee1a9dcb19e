import { createTheme } from '@mui/material/styles';
import { afterEach, describe, expect, it, vi } from 'vitest';

// react-admin's store looks for window.localStorage as it loads (else it keeps settings in
// memory): a window with the test's localStorage (setup.ts), before react-admin is imported.
vi.hoisted(() => {
  (globalThis as { window?: unknown }).window = {
    localStorage: globalThis.localStorage,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  };
});

const { defaultDarkTheme, defaultLightTheme, localStorageStore } = await import('react-admin');
const { en } = await import('../src/i18n/en.ts');
const { ru } = await import('../src/i18n/ru.ts');
const { uz } = await import('../src/i18n/uz.ts');
const { i18nProvider } = await import('../src/i18n/index.ts');
const { SIGN_IN_KEYS, fillIn, signInLocale, signInMessages } =
  await import('../src/i18n/signIn.ts');
const { uz: uzSignIn } = await import('../src/i18n/signInUz.ts');
const { afterSignIn } = await import('../src/layout/login/auth.ts');
const { signInDarkTheme, signInLightTheme } = await import('../src/layout/signInTheme.ts');
const { STORE_KEY, STORE_VERSION, storedSetting } = await import('../src/storedSettings.ts');

// The sign-in screen runs without react-admin (the first screen's JavaScript budget): what it
// took from react-admin it has written out, and these tests hold that to react-admin's own.

const messageAt = (catalogue: unknown, key: string): unknown =>
  key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], catalogue);

describe('the sign-in screen’s texts', () => {
  it('are the catalogues’ texts, in each language', async () => {
    for (const [language, catalogue] of Object.entries({ uz, ru, en })) {
      const texts = await signInMessages(language);
      for (const key of SIGN_IN_KEYS) {
        expect(texts[key], `${language} ${key}`).toBe(messageAt(catalogue, key));
      }
      expect(Object.keys(texts).sort(), language).toEqual([...SIGN_IN_KEYS].sort());
    }
  });

  it('are Uzbek at once, and for a language the admin lacks, as its catalogues are', () => {
    expect(signInMessages('uz')).toBe(uzSignIn);
    expect(signInMessages('fr')).toBe(uzSignIn);
    expect(signInMessages('ru')).toBeInstanceOf(Promise);
  });

  it('fill in placeholders as polyglot does', () => {
    expect(fillIn('a %{x} b %{y}', { x: '1' })).toBe('a 1 b %{y}');
  });
});

describe('the sign-in screen’s language and theme', () => {
  const store = localStorageStore(STORE_VERSION, STORE_KEY);
  store.setup();
  afterEach(() => {
    store.reset();
    store.setup();
  });

  it('are read as react-admin’s store keeps them', () => {
    expect(storedSetting('locale')).toBeUndefined();
    store.setItem('locale', 'ru');
    store.setItem('theme', 'dark');
    expect(storedSetting('locale')).toBe('ru');
    expect(storedSetting('theme')).toBe('dark');
    expect(signInLocale()).toBe('ru');
    store.removeItem('locale');
    expect(storedSetting('locale')).toBeUndefined();
  });

  it('default to Uzbek, or the admin’s language after a sign-out in the same page', async () => {
    expect(signInLocale()).toBe('uz');
    // react-admin's sign-out forgets the stored language; the i18n provider keeps its own
    try {
      await i18nProvider.changeLocale('en');
      expect(signInLocale()).toBe('en');
    } finally {
      await i18nProvider.changeLocale('uz');
    }
  });

  it('draw with react-admin’s default themes', () => {
    for (const [ours, theirs] of [
      [signInLightTheme, defaultLightTheme],
      [signInDarkTheme, defaultDarkTheme],
    ] as const) {
      const [a, b] = [createTheme(ours), createTheme(theirs)];
      // their values (the helpers in them, functions, are made anew by each createTheme)
      const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value));
      expect(plain(a.palette)).toEqual(plain(b.palette));
      expect(plain(a.typography)).toEqual(plain(b.typography));
      for (const component of ['MuiTextField', 'MuiFormControl', 'MuiFilledInput'] as const) {
        expect(a.components?.[component]?.defaultProps, component).toEqual(
          b.components?.[component]?.defaultProps,
        );
        expect(a.components?.[component]?.styleOverrides, component).toEqual(
          b.components?.[component]?.styleOverrides,
        );
      }
      const variantStyle = (theme: typeof a) =>
        (theme.components?.MuiTextField?.variants ?? []).map(({ props, style }) => [
          props,
          typeof style === 'function' ? style({ theme } as never) : style,
        ]);
      expect(variantStyle(a)).toEqual(variantStyle(b));
    }
  });
});

describe('after a sign-in', () => {
  it('goes where react-admin’s useLogin went', () => {
    // back to the page that asked for it (react-admin's sign-out leaves it in the state)
    const state = { nextPathname: '/admin/clients', nextSearch: '?page=2' };
    expect(afterSignIn(undefined, state)).toBe('/admin/clients?page=2');
    expect(afterSignIn(undefined, { nextPathname: '/admin/clients', nextSearch: '' })).toBe(
      '/admin/clients',
    );
    // else the admin's home
    expect(afterSignIn(undefined, null)).toBe('/admin/');
    expect(afterSignIn(undefined, {})).toBe('/admin/');
    // where the auth provider's login() says, before all
    expect(afterSignIn({ redirectTo: '/admin/two-factor' }, state)).toBe('/admin/two-factor');
  });
});
