import type { APIRoute, InferGetStaticPropsType } from 'astro';
import { localePath } from '~/i18n/index.ts';
import { cardThumbnail } from '~/lib/images.ts';
import { routePaths } from '~/lib/plan.ts';

/**
 * What the filters of a category of several pages read when first used, in a language
 * (`/catalog/3/filters.json`, `/uz/catalog/3/filters.json`…): every product's values
 * (FilterData) and its result card, [id, name, page, thumbnail]. One file per category rather
 * than a copy in each of its pages: a page holds its own products only, and a product's rename
 * changes this file and its own page, not every page of the category. Planned and keyed like a
 * page (src/lib/plan/catalog.ts), so it is written again only when what it holds changes.
 */
export const getStaticPaths = () => routePaths('category-filters');
type Props = InferGetStaticPropsType<typeof getStaticPaths>;

export const GET: APIRoute<Props> = async ({ props }) => {
  const { lang, data, items } = props;
  const cards = await Promise.all(
    items.map(async (item) => [
      item.id,
      item.name,
      localePath(lang, `/catalog/${item.category_id}/products/${item.id}`),
      await cardThumbnail(item.image),
    ]),
  );
  return new Response(JSON.stringify({ data, cards }), {
    headers: { 'content-type': 'application/json' },
  });
};
