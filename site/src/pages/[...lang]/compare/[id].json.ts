import type { APIRoute, InferGetStaticPropsType } from 'astro';
import { routePaths } from '~/lib/plan.ts';

/**
 * A product's data for the comparison page, in a language (`/compare/12.json`,
 * `/uz/compare/12.json`…; src/lib/compareData.ts): what the comparison shows of it, as that
 * language writes it. Planned and keyed like a page, so it is written again only when what it
 * holds changes, and carried over from the live release otherwise.
 */
export const getStaticPaths = () => routePaths('compare-data');
type Props = InferGetStaticPropsType<typeof getStaticPaths>;

export const GET: APIRoute<Props> = ({ props }) =>
  new Response(JSON.stringify(props.product), {
    headers: { 'content-type': 'application/json' },
  });
