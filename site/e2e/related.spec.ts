import { expect, type APIRequestContext, test } from '@playwright/test';
import { chromiumSkipReason } from '../../scripts/e2e/playwright.ts';
import { LANGS, localized, sample } from './helpers.ts';

test.skip(chromiumSkipReason !== null, chromiumSkipReason ?? '');

// A product page shows the products staff related to it, a section per kind; a pick made both
// ways shows on the other product's page too; a product with none shows others of its category.

const HEADINGS = {
  ru: {
    accessory: 'Аксессуары',
    spare_part: 'Запасные части',
    similar: 'Похожая продукция',
    used_with: 'Применяется с',
    category: 'Другая продукция категории',
  },
  uz: {
    accessory: 'Aksessuarlar',
    spare_part: 'Ehtiyot qismlar',
    similar: 'Oʻxshash mahsulotlar',
    used_with: 'Birga qoʻllaniladi',
    category: 'Kategoriyaning boshqa mahsulotlari',
  },
  en: {
    accessory: 'Accessories',
    spare_part: 'Spare parts',
    similar: 'Similar products',
    used_with: 'Used with',
    category: 'More from this category',
  },
} as const;

interface Detail {
  id: number;
  category_id: number;
  name_ru: string;
  name_uz: string;
  name_en: string;
  related: { product_id: number; kind: string; two_way: boolean }[];
}

const detail = async (request: APIRequestContext, id: number): Promise<Detail> =>
  (await (await request.get(`/api/products/${id}`)).json()).data;
const pagePath = (product: Detail) => `/catalog/${product.category_id}/products/${product.id}`;

for (const [lang, prefix] of LANGS) {
  test(`a product shows its accessories, spare parts and similar products, both ways (${lang})`, async ({
    page,
    request,
  }) => {
    const headings = HEADINGS[lang];
    const conveyor = await detail(request, (await sample(request)).product.id);
    const pick = (kind: string) => conveyor.related.find((item) => item.kind === kind)!;
    const [accessory, sparePart, similar] = await Promise.all(
      ['accessory', 'spare_part', 'similar'].map((kind) => detail(request, pick(kind).product_id)),
    );
    await page.goto(localized(prefix, pagePath(conveyor)));
    for (const [kind, product] of [
      ['accessory', accessory],
      ['spare_part', sparePart],
      ['similar', similar],
    ] as const) {
      const section = page.locator(`[data-related=${kind}]`);
      await expect(section.getByRole('heading', { name: headings[kind] })).toBeVisible();
      await expect(section.getByRole('heading', { name: product![`name_${lang}`] })).toBeVisible();
    }
    await expect(page.locator('[data-related=category]')).toHaveCount(0);

    // both ways: the similar product lists it among its similar ones, the accessory under
    // "used with"; the spare part (one way) does not name it
    await page
      .locator('[data-related=similar]')
      .getByRole('link', { name: new RegExp(similar![`name_${lang}`]) })
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`${pagePath(similar!)}$`));
    await expect(
      page
        .locator('[data-related=similar]')
        .getByRole('heading', { name: conveyor[`name_${lang}`] }),
    ).toBeVisible();
    await page.goto(localized(prefix, pagePath(accessory!)));
    await expect(
      page
        .locator('[data-related=used_with]')
        .getByRole('heading', { name: conveyor[`name_${lang}`] }),
    ).toBeVisible();
    await page.goto(localized(prefix, pagePath(sparePart!)));
    await expect(
      page.getByRole('heading', { name: conveyor[`name_${lang}`], exact: true }),
    ).toHaveCount(0);
    // nothing related: others of its category
    await expect(
      page.locator('[data-related=category]').getByRole('heading', { name: headings.category }),
    ).toBeVisible();
    await expect(page.locator('[data-related=category] li')).not.toHaveCount(0);
  });
}
