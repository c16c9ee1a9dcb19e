// `pnpm bench:plan`: how long the site's plan takes (site/src/lib/plan/site.ts, planSite: every
// page and the hash of what it shows), which every build makes before it renders anything, at
// 1,000, 3,000 and 10,000 products of a catalogue with figures and descriptions (scripts/lib/
// catalogue.ts), from the site data's JSON as a build reads it; the largest size once more in
// one category, as pnpm bench:scale fills it; and an edit's plan, made from what the last plan
// kept of each product (a warm build worker's), one product renamed. Details: docs/benchmarks.md.
//
//   --products LIST (1000,3000,10000): catalogue sizes
//   --runs N (3): runs per size, the median is kept
import type { ProductPlan } from '../../site/src/lib/plan/kept.ts';
import { planSite } from '../../site/src/lib/plan/site.ts';
import { catalogue, catalogueArgs } from '../lib/catalogue.ts';

const { sizes, runs } = catalogueArgs('1000,3000,10000');
const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

console.log('products  categories  pages    plan (median)  reading the data  a rename, kept');
const cases = [
  ...sizes.map((products) => ({ products, categories: 20 })),
  { products: Math.max(...sizes), categories: 1 },
];
for (const { products, categories } of cases) {
  const json = JSON.stringify(catalogue(products, categories));
  const plans: number[] = [];
  const reads: number[] = [];
  let pages = 0;
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    const data = JSON.parse(json);
    const read = performance.now();
    pages = planSite(data).length;
    plans.push(performance.now() - read);
    reads.push(read - started);
  }
  // an edit's plan: the last plan's products kept, the first product renamed each time
  const kept = new Map<number, ProductPlan>();
  planSite(JSON.parse(json), kept);
  const edits: number[] = [];
  for (let run = 0; run < runs; run++) {
    const data = JSON.parse(json);
    data.products[0].name_ru += ` ${run}`;
    const started = performance.now();
    planSite(data, kept);
    edits.push(performance.now() - started);
  }
  console.log(
    `${String(products).padStart(8)}  ${String(categories).padStart(10)}  ${String(pages).padStart(6)}  ${(median(plans) / 1000).toFixed(2).padStart(10)} s  ${median(reads).toFixed(0).padStart(13)} ms  ${(median(edits) / 1000).toFixed(2).padStart(12)} s`,
  );
}
