import { expect, type Page, test } from './tab.ts';
import { apiGet, apiToken, expectToast, signIn } from './helpers.ts';

// A figure's unit is picked from the UN/CEFACT list by the symbol or the name staff know, in
// their language or another (°C, мм, kW, t/h): the code is stored, read beside the unit, and
// the labels each language's pages show are filled in. (The API refusing a symbol typed as a
// code, °C, is api/test/content/attributes.test.ts's.)

const WORDS = {
  uz: {
    unit: /^Oʻlchov birligi \(UN\/CEFACT kodi\)/,
    save: 'Saqlash',
    saved: 'Xususiyat tahrirlandi',
  },
  ru: {
    unit: /^Единица измерения \(код UN\/CEFACT\)/,
    save: 'Сохранить',
    saved: 'Характеристика изменена',
  },
  en: { unit: /^Unit \(UN\/CEFACT code\)/, save: 'Save', saved: 'Attribute updated' },
} as const;
type Language = keyof typeof WORDS;

/** A figure attribute without a unit, made through the API. */
async function figure(page: Page, stamp: string) {
  const reply = await page.request.post('/api/attributes', {
    headers: { authorization: `Bearer ${await apiToken(page)}` },
    data: { code: `e2e_unit_${stamp}`, type: 'number', name_uz: `Birlik ${stamp}`, decimals: 0 },
  });
  expect(reply.status(), await reply.text()).toBe(201);
  return (await reply.json()).data.id as number;
}

for (const [language, width, typed, option, code, labels] of [
  ['uz', 390, '°C', '°C — Selsiy gradusi · CEL', 'CEL', ['°C', '°C', '°C']],
  ['ru', 1366, 'т/ч', 'т/ч — тонна в час · E18', 'E18', ['t/soat', 'т/ч', 't/h']],
  // the English screen, searched with the Russian symbol
  ['en', 390, 'кВт', 'kW — kilowatt · KWT', 'KWT', ['kVt', 'кВт', 'kW']],
] as [Language, number, string, string, string, [string, string, string]][]) {
  test(`a unit is picked by its symbol and stored as its code (${language}, ${width} px)`, async ({
    page,
  }) => {
    const stamp = `${language}${Date.now() % 1_000_000}`;
    const id = await figure(page, stamp);
    await signIn(page, { to: null });
    await page.setViewportSize({ width, height: 844 });
    await page.evaluate((locale) => {
      localStorage.setItem('RaStoreconveyor-admin.locale', JSON.stringify(locale));
    }, language);
    await page.goto(`/admin/attributes/${id}`);
    const unit = page.getByRole('combobox', { name: WORDS[language].unit });
    await unit.fill(typed);
    // one unit answers the symbol, its code beside it
    await expect(page.getByRole('option')).toHaveCount(1);
    await page.getByRole('option', { name: option, exact: true }).click();
    await expect(unit).toHaveValue(option);
    // the labels the pages show after a figure, filled in from the list
    for (const [index, lang] of (['uz', 'ru', 'en'] as const).entries()) {
      await expect(page.locator(`input[name="unit_${lang}"]`)).toHaveValue(labels[index]!);
    }
    await page.getByRole('button', { name: WORDS[language].save, exact: true }).click();
    await expectToast(page, WORDS[language].saved);
    const saved = (await apiGet(page, `/attributes/${id}`)).data;
    expect(saved).toMatchObject({
      unit: code,
      unit_uz: labels[0],
      unit_ru: labels[1],
      unit_en: labels[2],
    });
    // the list reads the unit with its code
    await page.goto(
      `/admin/attributes?filter=${encodeURIComponent(JSON.stringify({ q: `e2e_unit_${stamp}` }))}`,
    );
    await expect(
      page.getByText(`${labels[{ uz: 0, ru: 1, en: 2 }[language]]} · ${code}`).first(),
    ).toBeVisible();
  });
}
