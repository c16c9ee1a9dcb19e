import { test as base, type BrowserContext, type Page } from '@playwright/test';

export { expect, type Page } from '@playwright/test';

/** Pages and contexts are Node's kind of event emitter at run time; their types say less. */
type Emitter = Pick<NodeJS.EventEmitter, 'eventNames' | 'listeners' | 'off'>;
type Listeners = Map<Emitter, Map<string | symbol, unknown[]>>;

interface Tab {
  context: BrowserContext;
  page: Page;
  /** The listeners the page and its context had when it was opened (Playwright's own). */
  own: Listeners;
}

/** Every listener of the page and its context now, by event. */
function listenersOf(...targets: (Page | BrowserContext)[]): Listeners {
  return new Map(
    targets.map((target) => {
      const emitter = target as unknown as Emitter;
      return [
        emitter,
        new Map(emitter.eventNames().map((event) => [event, [...emitter.listeners(event)]])),
      ];
    }),
  );
}

/** Removes the listeners added since `own` was taken. */
function removeAddedListeners(own: Listeners) {
  for (const [emitter, kept] of own) {
    for (const event of emitter.eventNames()) {
      const keep = kept.get(event) ?? [];
      for (const listener of emitter.listeners(event)) {
        if (!keep.includes(listener)) emitter.off(event, listener as () => void);
      }
    }
  }
}

/**
 * The back office's tests share one browser tab per worker instead of opening a new context per
 * test. Opening the admin in a new tab costs a new renderer process that parses and compiles
 * the whole bundle again, which a tab that loaded it before has in memory; the browser tests
 * spend most of their CPU in the browser, and on two cores that is the check's time
 * (docs/benchmarks.md).
 *
 * What a test could leave behind is reset before the next one: cookies, the origin's storage
 * (each test starts on the API's health answer, a page of the origin without scripts, so the
 * last test's screen stops polling), the viewport, routes, other pages, and the listeners a test
 * added to the page or its context. Playwright's own `reuseContext` resets more (it empties the
 * HTTP cache and goes to about:blank, a new process), which is what costs the time. A test that
 * failed closes the tab, so that its retry, and the next test, start in a new one.
 *
 * Of the context's options only the viewport can change between tests on one tab (the base
 * address and reduced motion are the project's): a spec that needs another (a touch screen,
 * phone.spec.ts) uses Playwright's own `test`.
 */
export const test = base.extend<object, { tab: { current: Tab | null } }>({
  tab: [
    // Playwright reads a fixture's dependencies from its first parameter's pattern: none here
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const holder: { current: Tab | null } = { current: null };
      await use(holder);
      await holder.current?.context.close();
    },
    { scope: 'worker' },
  ],
  page: async ({ browser, tab, viewport, baseURL, reducedMotion }, use, testInfo) => {
    if (!tab.current || tab.current.page.isClosed()) {
      await tab.current?.context.close().catch(() => undefined);
      const context = await browser.newContext({ baseURL, reducedMotion, viewport });
      const page = await context.newPage();
      tab.current = { context, page, own: listenersOf(page, context) };
    }
    const { context, page, own } = tab.current;
    removeAddedListeners(own);
    for (const other of context.pages()) if (other !== page) await other.close();
    await Promise.all([
      page.unrouteAll({ behavior: 'ignoreErrors' }),
      context.unrouteAll({ behavior: 'ignoreErrors' }),
      context.clearCookies(),
      context.clearPermissions(),
    ]);
    if (viewport) await page.setViewportSize(viewport);
    await page.goto('/api/health');
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    await use(page);
    if (testInfo.status !== testInfo.expectedStatus) {
      await context.close().catch(() => undefined);
      tab.current = null;
    }
  },
});
