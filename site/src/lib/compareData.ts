import type { Language } from '@conveyor/shared';
import { localePath, pick } from '../i18n/index.ts';
import type { CompareProduct } from './compare.ts';
import { type SpecRow, specText } from './specs.ts';

/** Where a product's comparison data are in a language (`{p}`: its id), as the site serves them. */
export const compareDataPath = (lang: Language, id: number | '{p}'): string =>
  localePath(lang, `/compare/${id}.json`);

/**
 * What the comparison page reads of a product in a language (src/scripts/compareTable.ts): its
 * name, its page and its comparable values as that language writes them. A data file of its
 * own per product and language (src/pages/[...lang]/compare/[id].json.ts), not the product's
 * page: the page is many times larger, and read into a document it would have its inline
 * styles refused by the comparison page's policy, in the console, for every product compared.
 */
export function compareProduct(
  product: { id: number },
  category: { id: number },
  specs: readonly SpecRow[],
  lang: Language,
): CompareProduct {
  return {
    id: product.id,
    name: pick(product, 'name', lang),
    url: localePath(lang, `/catalog/${category.id}/products/${product.id}`),
    rows: specs
      .filter((row) => row.attribute.comparable)
      .map((row) => ({
        code: row.attribute.code,
        name: pick(row.attribute, 'name', lang) || row.attribute.code,
        group: pick(row.attribute, 'group', lang),
        text: specText(row, lang),
      })),
  };
}
