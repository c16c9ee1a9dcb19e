import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { chromiumSkipReason } from '../../scripts/e2e/playwright.ts';
import { comparePath, PAGE_TYPES, pageTypes } from './helpers.ts';

test.skip(chromiumSkipReason !== null, chromiumSkipReason ?? '');

// axe-core on every page type, in both themes, with the scroll animations off so every element
// is checked in its final state. The light theme gets every rule; the dark one the rules whose
// outcome a colour can change: the themes differ in the stylesheet's colours only (and the
// theme button's icon and label, which the light run checks as much), and every rule twice
// would make both runs this suite's longest for nothing. A test per page type: all of them in
// one outlasted its time on a slow machine, and a failure names its page.
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];
const TYPES = [
  ...PAGE_TYPES,
  'not found',
  'not found (uz page)',
  'compare',
  'search',
  'privacy',
] as const;
for (const type of TYPES) {
  test(`no axe violations on the ${type} page, in both themes`, async ({ page, request }) => {
    test.setTimeout(60_000);
    const path = {
      ...(await pageTypes(request)),
      'not found': '/en/no-such-page',
      'not found (uz page)': '/uz/404',
      compare: `/uz${await comparePath(request)}`,
      search: '/en/search?q=conveyor',
      privacy: '/uz/privacy',
    }[type];
    const found: string[] = [];
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ reducedMotion: 'reduce', colorScheme: theme });
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      // the comparison's table and the search's results arrive after load: checked once there
      if (type === 'search')
        await expect(page.locator('[data-search-results] li').first()).toBeVisible();
      if (type === 'compare')
        await expect(page.locator('[data-compare-table] td').first()).toBeVisible();
      // violations are what the test reads: the other result types' nodes are not looked for
      // (axe's documented speed option; every rule still runs)
      const axe = new AxeBuilder({ page })
        .options({ resultTypes: ['violations'] })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']);
      const results = await (theme === 'dark' ? axe.withRules(COLOUR_RULES) : axe).analyze();
      found.push(
        ...results.violations.map(
          (v) => `${theme}: ${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
        ),
      );
    }
    expect(found).toEqual([]);
  });
}
