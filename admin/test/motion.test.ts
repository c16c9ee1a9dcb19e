import { createTheme } from '@mui/material/styles';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** layout/motion.ts as loaded in a browser whose person asked, or did not ask, for less motion. */
async function load(reduce: boolean) {
  vi.resetModules();
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === '(prefers-reduced-motion: reduce)' && reduce,
  }));
  return import('../src/layout/motion.ts');
}

describe('the back office and prefers-reduced-motion', () => {
  afterEach(() => vi.unstubAllGlobals());

  const theme = {
    palette: { mode: 'light' as const },
    components: { MuiButtonBase: { defaultProps: { disableTouchRipple: false } } },
  };

  it('draws no transition and no ripple for those who asked for less motion', async () => {
    const { withMotionPreference } = await load(true);
    const still = createTheme(withMotionPreference(theme));
    expect(still.transitions.create('opacity')).toBe('none');
    expect(still.transitions.duration.enteringScreen).toBe(0);
    expect(still.transitions.duration.leavingScreen).toBe(0);
    expect(still.components?.MuiButtonBase?.defaultProps).toEqual({
      disableTouchRipple: false,
      disableRipple: true,
    });
    // the rest of the theme as it was
    expect(still.palette.mode).toBe('light');
  });

  it('leaves the theme as it is for everyone else', async () => {
    const { withMotionPreference } = await load(false);
    expect(withMotionPreference(theme)).toBe(theme);
    expect(createTheme(withMotionPreference(theme)).transitions.create('opacity')).toContain(
      'opacity',
    );
  });
});
