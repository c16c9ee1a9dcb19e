import type { ThemeOptions } from '@mui/material/styles';

/**
 * Whether the person asked their system for less motion (prefers-reduced-motion, an
 * accessibility setting): read once, as the back office loads.
 */
const reduced =
  typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Every transition of MUI's, at no duration. */
const STILL = {
  create: () => 'none',
  duration: {
    shortest: 0,
    shorter: 0,
    short: 0,
    standard: 0,
    complex: 0,
    enteringScreen: 0,
    leavingScreen: 0,
  },
};

/**
 * A theme that honours that setting: for those who asked for less motion, menus, dialogs,
 * drawers and notices appear and go without sliding or fading, and buttons without their
 * ripple (MUI animates them whatever the system says). The browser tests run so (and spend
 * that much less of the machine on drawing animation frames no one looks at).
 */
export function withMotionPreference<T extends ThemeOptions>(theme: T): T {
  if (!reduced) return theme;
  const buttonBase = theme.components?.MuiButtonBase;
  return {
    ...theme,
    transitions: { ...theme.transitions, ...STILL },
    components: {
      ...theme.components,
      MuiButtonBase: {
        ...buttonBase,
        defaultProps: { ...buttonBase?.defaultProps, disableRipple: true },
      },
    },
  };
}
