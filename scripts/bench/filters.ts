/// <reference lib="dom" />
// `pnpm bench:filters`: a category page's filters at 500 products.
//
// Starts the whole product (scripts/e2e/server.ts, the demo without its pictures) on a free
// loopback port, adds a category whose template has the demo's filterable attributes and 500
// products with values of them (through the API, as staff would), waits for the site to be
// published, then measures:
//   - the filters' JSON in the category page, raw and gzipped (target: under 50 kB gzipped);
//   - in Chromium with the CPU throttled 4×, the time from a change of a filter to the count
//     shown (target: under 50 ms), the median and the slowest of 15 changes;
//   - Lighthouse's four scores on the category's first page (mobile, simulated throttling).
// A missed target is reported, not a failure. Details: docs/benchmarks.md.
//
//   --products N (500)
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { freePort } from '../lib/free-port.ts';
import { startProduct } from '../lib/product.ts';

const CHROME = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const { values: args } = parseArgs({
  options: { products: { type: 'string', default: '500' } },
});
const count = Math.max(1, Number.parseInt(args.products, 10) || 500);
const TARGET = { gzipBytes: 50 * 1024, ms: 50 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let stop = () => {};

try {
  const running = await startProduct({ SEED_PICTURES: 'false' });
  stop = running.stop;
  const { base, call } = running;
  const attributes = (await call('GET', '/attributes?limit=100')) as {
    id: number;
    code: string;
    type: string;
    filterable: boolean;
    options: { code: string }[];
  }[];
  const filterable = attributes.filter((attribute) => attribute.filterable);
  const category = await call('POST', '/categories', {
    name_ru: `Бенчмарк ${count}`,
    attributes: filterable.map((attribute) => ({ attribute_id: attribute.id, required: true })),
  });
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const valueOf = (attribute: (typeof filterable)[number]) => {
    switch (attribute.type) {
      case 'number':
        return { value: Math.round(100 + random() * 1900) };
      case 'range': {
        const min = Math.round(random() * 20);
        return { min, max: min + Math.round(random() * 40) };
      }
      case 'enum':
        return { option: attribute.options[Math.floor(random() * attribute.options.length)]!.code };
      default:
        return { value: random() < 0.5 };
    }
  };
  console.log(`adding ${count} products with ${filterable.length} filterable values each …`);
  const started = Date.now();
  for (let at = 0; at < count; at += 10) {
    await Promise.all(
      Array.from({ length: Math.min(10, count - at) }, (_, i) =>
        call('POST', '/products', {
          name_ru: `Конвейер ${at + i + 1}`,
          category_id: category.id,
          specs: filterable.map((attribute) => ({
            attribute_id: attribute.id,
            ...valueOf(attribute),
          })),
        }),
      ),
    );
  }
  console.log(`added in ${((Date.now() - started) / 1000).toFixed(1)} s; waiting for the site …`);
  const path = `/catalog/${category.id}`;
  const scriptJson = (html: string, id: string) =>
    new RegExp(`<script type="application/json" id="${id}">([^<]*)</script>`).exec(html)?.[1];
  // the category's pages show 24 products each; its filter data holds them all
  for (let shown = 0; shown < count; await sleep(1000)) {
    const html = await fetch(`${base}${path}`).then((reply) => (reply.ok ? reply.text() : ''));
    const data = scriptJson(html, 'filter-data');
    shown = data ? (JSON.parse(data) as { ids: number[] }).ids.length : 0;
  }
  const html = await (await fetch(`${base}${path}`)).text();
  const json = scriptJson(html, 'filter-data');
  if (!json) throw new Error('the category page has no filter data');
  // and past one page, the cards of all its products, for the filters' results
  const cards = scriptJson(html, 'filter-cards') ?? '';
  const raw = Buffer.byteLength(json) + Buffer.byteLength(cards);
  const gzip = gzipSync(json).length + (cards ? gzipSync(cards).length : 0);
  const pageGzip = gzipSync(html).length;

  const browser = await chromium.launch({
    executablePath: CHROME,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const page = await browser.newPage();
  await page.goto(`${base}${path}`);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const from = page.locator('form[data-filters] fieldset input[type=number]').first();
  await from.focus();
  await page.locator('form[data-filters][data-ready]').waitFor();
  const times: number[] = [];
  for (let i = 0; i < 15; i++) {
    const value = String(200 + i * 100);
    times.push(
      await from.evaluate((input: HTMLInputElement, next: string) => {
        const count = document.querySelector('[data-filter-count]')!;
        const before = count.textContent;
        return new Promise<number>((resolve) => {
          const started = performance.now();
          const observer = new MutationObserver(() => {
            if (count.textContent === before) return;
            observer.disconnect();
            resolve(performance.now() - started);
          });
          observer.observe(count, { childList: true, characterData: true, subtree: true });
          // as typing does: React's onChange follows the native input event
          const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
          setter.call(input, next);
          input.dispatchEvent(new Event('input', { bubbles: true }));
          setTimeout(() => {
            observer.disconnect();
            resolve(performance.now() - started);
          }, 2000);
        });
      }, value),
    );
  }
  await browser.close();

  // Lighthouse on the first page, in a browser of its own it drives through its debugging port
  const lighthousePort = await freePort();
  const audited = await chromium.launch({
    executablePath: CHROME,
    args: ['--no-sandbox', '--disable-gpu', `--remote-debugging-port=${lighthousePort}`],
  });
  const report = await lighthouse(`${base}${path}`, {
    port: lighthousePort,
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  });
  await audited.close();
  const scores = Object.values(report?.lhr.categories ?? {})
    .map((category) => `${category.title} ${Math.round((category.score ?? 0) * 100)}`)
    .join(', ');
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  const slowest = times.at(-1)!;
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
  console.log('');
  console.log(`category of ${count} products, ${filterable.length} filters (pnpm bench:filters)`);
  console.log(
    `  filter JSON (values and, past one page, all products' cards): ${kb(raw)} raw, ${kb(gzip)} gzipped (target < ${kb(TARGET.gzipBytes)}): ${gzip < TARGET.gzipBytes ? 'OK' : 'OVER'}`,
  );
  console.log(`  the category's first page: ${kb(pageGzip)} of HTML gzipped`);
  console.log(`  Lighthouse on the first page (mobile): ${scores || 'no report'}`);
  console.log(
    `  change → count, CPU 4× slower: median ${median.toFixed(1)} ms, slowest ${slowest.toFixed(1)} ms (target < ${TARGET.ms} ms): ${slowest < TARGET.ms ? 'OK' : 'OVER'}`,
  );
} finally {
  stop();
}
