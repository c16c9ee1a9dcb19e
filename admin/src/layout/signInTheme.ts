import { useMediaQuery } from '@mui/material';
import { createTheme, type Theme, type ThemeOptions } from '@mui/material/styles';
import { useMemo } from 'react';
import { storedSetting } from '../storedSettings.ts';
import { withMotionPreference } from './motion.ts';

/**
 * react-admin's default light and dark themes (ra-ui-materialui, theme/defaultTheme.ts; the
 * admin's, adminProps.ts), in what the sign-in screen draws: its palette, the title's weight,
 * the text fields' defaults. Written out here because importing them means importing
 * react-admin, which the sign-in screen does without (the first screen's JavaScript budget,
 * admin/scripts/initialJs.ts); test/signIn.test.ts holds them to react-admin's.
 */
const invariants = {
  typography: { h6: { fontWeight: 400 } },
  components: {
    MuiTextField: {
      defaultProps: {
        variant: 'filled' as const,
        margin: 'dense' as const,
        size: 'small' as const,
        fullWidth: true,
      },
      variants: [
        {
          props: {},
          style: ({ theme }: { theme: Theme }) => ({
            [theme.breakpoints.down('sm')]: { width: '100%' },
          }),
        },
      ],
    },
    MuiFormControl: {
      defaultProps: {
        variant: 'filled' as const,
        margin: 'dense' as const,
        size: 'small' as const,
        fullWidth: true,
      },
    },
  },
} satisfies ThemeOptions;

export const signInLightTheme: ThemeOptions = {
  ...invariants,
  palette: {
    background: { default: '#fafafb' },
    secondary: { light: '#6ec6ff', main: '#2196f3', dark: '#0069c0', contrastText: '#fff' },
  },
  components: {
    ...invariants.components,
    MuiFilledInput: {
      styleOverrides: {
        root: {
          backgroundColor: 'rgba(0, 0, 0, 0.04)',
          '&$disabled': { backgroundColor: 'rgba(0, 0, 0, 0.04)' },
        },
      },
    },
  },
};

export const signInDarkTheme: ThemeOptions = {
  ...invariants,
  palette: {
    mode: 'dark',
    primary: { main: '#90caf9' },
    background: { default: '#313131' },
  },
};

/**
 * The theme the staff chose (react-admin's store), else the system's light or dark one, as
 * react-admin's ThemeProvider picks it.
 */
export function useSignInTheme(): Theme {
  const prefersDark = useMediaQuery('(prefers-color-scheme: dark)', { noSsr: true });
  const mode = storedSetting('theme') ?? (prefersDark ? 'dark' : 'light');
  return useMemo(
    () => createTheme(withMotionPreference(mode === 'dark' ? signInDarkTheme : signInLightTheme)),
    [mode],
  );
}
