import { rmSync, writeFileSync } from 'node:fs';
import { expect, test } from './tab.ts';
import { breakBuildMarker } from '../../scripts/e2e/build-marker.ts';
import { apiToken, expectToast, row, signIn } from './helpers.ts';

test('a save shows "publishing…" until the new release is live; the screen lists builds', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signIn(page, { to: '/admin/publishing' });
  // the first release is built when the server starts
  await expect(page.getByTestId('publishing-live')).toHaveText(/^\d{8}T\d+/, { timeout: 120_000 });
  const firstRelease = await page.getByTestId('publishing-live').innerText();
  // The e2e server publishes with SITE_URL unset: the screen says what that breaks.
  await expect(page.getByTestId('publishing-site-url')).toContainText('SITE_URL berilmagan');

  await page.goto('/admin/project');
  await row(page, '').first().locator('input[type=checkbox]').click();
  await expectToast(page, 'Maʼlumotlar tahrirlandi');
  await expect(page.getByTestId('publishing-indicator')).toHaveText('Nashr qilinmoqda…');
  await expect(page.getByTestId('publishing-indicator')).toHaveText(/^Saytda · \d\d:\d\d$/, {
    timeout: 120_000,
  });

  await page.getByTestId('publishing-indicator').click();
  await expect(page).toHaveURL(/\/admin\/publishing$/);
  await expect(page.getByTestId('publishing-live')).not.toHaveText(firstRelease);
  await expect(page.getByTestId('publishing-history').locator('tbody tr').first()).toContainText(
    'Muvaffaqiyatli',
  );

  await page.getByRole('button', { name: 'Hozir qayta yigʻish' }).click();
  await expectToast(page, 'Qayta yigʻish soʻraldi');
  // the public site is served from the live release
  const home = await page.request.get('/');
  expect(home.status()).toBe(200);
});

test('a product edited in the admin goes live in three languages; deactivated, it disappears', async ({
  page,
}) => {
  test.setTimeout(240_000);
  // an active product, as anonymous visitors list them
  const listed = await page.request.get('/api/products?limit=1&sort=id&order=asc');
  const [product] = (await listed.json()).data;
  const stamp = Date.now();
  const names = { uz: `Konveyer ${stamp}`, ru: `Конвейер ${stamp}`, en: `Conveyor ${stamp}` };
  const paths = {
    ru: `/catalog/${product.category_id}/products/${product.id}`,
    uz: `/uz/catalog/${product.category_id}/products/${product.id}`,
    en: `/en/catalog/${product.category_id}/products/${product.id}`,
  };
  const indicator = page.getByTestId('publishing-indicator');

  // other tests pick this product by its name: it gets its names and state back at the end
  const restore = async () => {
    const token = await apiToken(page);
    await page.request.put(`/api/products/${product.id}`, {
      headers: { authorization: `Bearer ${token}` },
      data: {
        name_uz: product.name_uz,
        name_ru: product.name_ru,
        name_en: product.name_en,
        is_active: true,
      },
    });
  };
  try {
    await signIn(page, { to: `/admin/products/${product.id}` });
    await page.getByRole('textbox', { name: 'Nomi (oʻzbekcha)', exact: true }).fill(names.uz);
    await page.getByRole('textbox', { name: 'Nomi (ruscha)', exact: true }).fill(names.ru);
    await page.getByRole('textbox', { name: 'Nomi (inglizcha)', exact: true }).fill(names.en);
    await page.getByRole('button', { name: 'Saqlash', exact: true }).click();
    await expectToast(page, 'Mahsulot tahrirlandi');
    await expect(indicator).toHaveText('Nashr qilinmoqda…');
    await expect(indicator).toHaveText(/^Saytda · \d\d:\d\d$/, { timeout: 120_000 });
    for (const lang of ['ru', 'uz', 'en'] as const) {
      const reply = await page.request.get(paths[lang]);
      expect(reply.status(), paths[lang]).toBe(200);
      expect(await reply.text(), paths[lang]).toContain(names[lang]);
    }
    // the site's search finds it by its new name: the edit's build indexed the records it
    // changed in the search index's delta, which the search page merges in the browser
    // (site/src/integrations/searchDelta.ts)
    const found = async () => {
      await page.goto(`/en/search?q=${stamp}`);
      await expect(page.locator('[data-search-status]')).not.toBeEmpty();
      return page.locator('[data-search-results] h2 a');
    };
    await expect((await found()).filter({ hasText: names.en })).toHaveAttribute('href', paths.en);

    await page.goto(
      `/admin/products?filter=${encodeURIComponent(JSON.stringify({ q: names.uz }))}`,
    );
    await row(page, names.uz).locator('input[type=checkbox]').click();
    await expectToast(page, 'Maʼlumotlar tahrirlandi');
    await expect(indicator).toHaveText('Nashr qilinmoqda…');
    await expect(indicator).toHaveText(/^Saytda · \d\d:\d\d$/, { timeout: 120_000 });
    for (const lang of ['ru', 'uz', 'en'] as const) {
      expect((await page.request.get(paths[lang])).status(), paths[lang]).toBe(404);
    }
    // and no more: the delta hides the standing index's record of it
    await expect((await found()).filter({ hasText: names.en })).toHaveCount(0);
    const category = await page.request.get(`/en/catalog/${product.category_id}`, {
      maxRetries: 2,
    });
    expect(await category.text()).not.toContain(names.en);
  } finally {
    await restore();
  }
});

test('a failed build leaves the site served and shows its error in the admin', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, { to: '/admin/publishing' });
  await expect(page.getByTestId('publishing-live')).toHaveText(/^\d{8}T\d+/, { timeout: 120_000 });
  // nothing queued or running (an earlier test's save may still be publishing)
  await expect(page.getByTestId('publishing-indicator')).toHaveText(/^Saytda · \d\d:\d\d$/, {
    timeout: 120_000,
  });
  const live = await page.getByTestId('publishing-live').innerText();
  const marker = breakBuildMarker(Number(new URL(page.url()).port));
  writeFileSync(marker, '');
  try {
    await page.getByRole('button', { name: 'Hozir qayta yigʻish' }).click();
    await expectToast(page, 'Qayta yigʻish soʻraldi');
    await expect(page.getByTestId('publishing-error')).toContainText('the test broke this build', {
      timeout: 60_000,
    });
    await expect(page.getByTestId('publishing-indicator')).toHaveText('Xatolik');
    await expect(page.getByTestId('publishing-history').locator('tbody tr').first()).toContainText(
      'Xatolik',
    );
    await expect(page.getByTestId('publishing-live')).toHaveText(live);
    expect((await page.request.get('/')).status()).toBe(200);
    expect((await page.request.get('/en/about')).status()).toBe(200);
  } finally {
    rmSync(marker, { force: true });
  }
  // and the next build, with the cause gone, goes live
  await page.getByRole('button', { name: 'Hozir qayta yigʻish' }).click();
  await expect(page.getByTestId('publishing-indicator')).toHaveText(/^Saytda · \d\d:\d\d$/, {
    timeout: 120_000,
  });
  await expect(page.getByTestId('publishing-live')).not.toHaveText(live);
});

test('with a build hook elsewhere, the screen says the rebuild was handed over, and shows a waiting retry', async ({
  page,
}) => {
  await signIn(page);
  const now = new Date().toISOString();
  const announced = {
    id: 9001,
    status: 'announced',
    attempt: 0,
    requestedAt: now,
    startedAt: now,
    finishedAt: now,
    durationMs: 120,
    pages: null,
    error: null,
    logTail: null,
  };
  // the e2e server runs the bundled runner: a webhook-mode answer is played to the browser
  await page.route(/\/api\/publishing$/, (route) =>
    route.fulfill({
      json: {
        data: {
          enabled: true,
          mode: 'webhook',
          live: null,
          running: false,
          queued: false,
          retry: { attempt: 1, at: now },
          lastBuild: announced,
          history: [announced],
          releases: [],
          rolledBack: false,
        },
      },
    }),
  );
  await page.goto('/admin/publishing');
  await expect(page.getByTestId('publishing-live')).toHaveText(
    'Saytni vebhuk yuborilgan xosting yigʻadi va tarqatadi',
  );
  await expect(page.getByTestId('publishing-indicator')).toHaveText('Yigʻish xizmatiga yuborildi');
  await expect(page.getByTestId('publishing-history').locator('tbody tr').first()).toContainText(
    'Yigʻish xizmatiga yuborildi',
  );
  await expect(page.getByTestId('publishing-retry')).toContainText('1-urinish');
});

test('on a server that does not publish, the screen says so and the rebuild button still records a request', async ({
  page,
}) => {
  await signIn(page);
  await page.route(/\/api\/publishing$/, (route) =>
    route.fulfill({
      json: {
        data: {
          enabled: false,
          mode: 'off',
          live: null,
          running: false,
          queued: true,
          retry: null,
          lastBuild: null,
          history: [],
          releases: [],
          rolledBack: false,
        },
      },
    }),
  );
  await page.goto('/admin/publishing');
  await expect(page.getByTestId('publishing-off')).toContainText('Bu server saytni yigʻmaydi');
  await expect(page.getByRole('button', { name: 'Hozir qayta yigʻish' })).toBeEnabled();
  // the app-bar chip speaks for a publishing server only
  await expect(page.getByTestId('publishing-indicator')).toHaveCount(0);
});

/** The rollback's words in each language of the back office. */
const ROLLBACK = {
  uz: {
    language: null,
    live: 'Saytda',
    makeLive: 'Saytga qaytarish',
    confirmTitle: 'relizi saytga qaytarilsinmi?',
    confirm: 'Tasdiqlash',
    madeLive: /^Saytda .+ relizi$/,
    rolledBack: 'eski reliz',
    rebuild: 'Hozir qayta yigʻish',
    changed: /№\d+ oʻzgartirildi — admin/,
    chip: /^Eski reliz · \d\d:\d\d$/,
    older: 'Saytda eski reliz',
  },
  ru: {
    language: 'Русский',
    live: 'На сайте',
    makeLive: 'Вернуть на сайт',
    confirmTitle: 'Вернуть на сайт выпуск от',
    confirm: 'Подтвердить',
    madeLive: /^На сайте выпуск от /,
    rolledBack: 'старый выпуск',
    rebuild: 'Пересобрать сейчас',
    changed: /№\d+ изменён\(а\) — admin/,
    chip: /^Старый выпуск · \d\d:\d\d$/,
    older: 'На сайте старый выпуск',
  },
  en: {
    language: 'English',
    live: 'Live',
    makeLive: 'Make live',
    confirmTitle: 'Make the release of',
    confirm: 'Confirm',
    madeLive: /^The site shows the release of /,
    rolledBack: 'older release',
    rebuild: 'Rebuild now',
    changed: /Project #\d+ changed by admin/,
    chip: /^Older release · \d\d:\d\d$/,
    older: 'An older release is live',
  },
} as const;

// In one language (English; the drafts' flows are in Russian and Uzbek, drafts.spec.ts): each
// run waits for three builds.
for (const [language, words] of Object.entries(ROLLBACK).slice(2, 3)) {
  test(`an older release is made live in one click, until the next publish (${language})`, async ({
    page,
  }) => {
    test.setTimeout(300_000);
    const token = await apiToken(page);
    const headers = { authorization: `Bearer ${token}` };
    const state = async () =>
      (await (await page.request.get('/api/publishing', { headers })).json()).data;
    const settled = async () => {
      const data = await state();
      return !data.running && !data.queued ? data : null;
    };
    // two releases that differ: a new project's, then one with its title changed
    const stamp = `${language}-${Date.now()}`;
    const titles = { old: `Before rollback ${stamp}`, new: `After rollback ${stamp}` };
    const created = await page.request.post('/api/project', {
      headers,
      data: {
        title_ru: titles.old,
        title_uz: titles.old,
        title_en: titles.old,
        link: 'https://youtu.be/dQw4w9WgXcQ',
      },
    });
    expect(created.status()).toBe(201);
    const id = (await created.json()).data.id as number;
    const visitors = async () =>
      (await page.request.get(`/en/projects/${id}`, { maxRetries: 2 })).text();
    const liveWith = async (title: string) =>
      (await settled()) !== null && (await visitors()).includes(title);
    await expect.poll(() => liveWith(titles.old), { timeout: 120_000 }).toBe(true);
    const changed = await page.request.put(`/api/project/${id}`, {
      headers,
      data: { title_en: titles.new },
    });
    expect(changed.status()).toBe(200);
    await expect.poll(() => liveWith(titles.new), { timeout: 120_000 }).toBe(true);
    const before = await state();
    const older = before.releases[1].release as string;

    await signIn(page);
    if (words.language) {
      await page.getByRole('button', { name: /Oʻzbekcha/i }).click();
      await page.getByRole('menuitem', { name: words.language }).click();
    }
    await page.goto('/admin/publishing');
    const releases = page.getByTestId('publishing-releases').getByTestId('release');
    await expect(releases.first()).toContainText(words.live);
    // what the kept releases take on disk, sharing their common files (counted on a thread:
    // the screen's next refresh has it)
    await expect(page.getByTestId('releases-disk')).toHaveText(
      /^On disk: [\d.]+ (kB|MB|GB) for \d+ releases, sharing the files they have in common \(as copies: [\d.]+ (kB|MB|GB)\)$/,
      { timeout: 20_000 },
    );
    // each release says what made it: the newest, the change of the project's title
    await expect(releases.first().getByTestId('release-triggers')).toContainText(words.changed);
    await releases.nth(1).getByRole('button', { name: words.makeLive }).click();
    await expect(page.getByRole('dialog')).toContainText(words.confirmTitle);
    await page.getByRole('dialog').getByRole('button', { name: words.confirm }).click();
    await expectToast(page, words.madeLive);
    await expect(page.getByTestId('publishing-rolled-back')).toContainText(words.rolledBack);
    // the summary agrees with the warning above it (it said "Everything is live")
    await expect(page.getByTestId('publishing-state')).toHaveText(words.older);
    await expect(releases.nth(1)).toContainText(words.live);
    expect((await state()).live.release).toBe(older);
    // visitors see the site as it was, and every screen's chip says it is an older release
    expect(await visitors()).toContain(titles.old);
    expect(await visitors()).not.toContain(titles.new);
    await expect(page.getByTestId('publishing-indicator')).toHaveText(words.chip);

    // the next publish brings the newest content back
    await page.getByRole('button', { name: words.rebuild }).click();
    await expect(page.getByTestId('publishing-rolled-back')).toHaveCount(0, { timeout: 120_000 });
    await expect
      .poll(async () => (await settled())?.rolledBack ?? true, { timeout: 120_000 })
      .toBe(false);
    expect(await visitors()).toContain(titles.new);
  });
}
