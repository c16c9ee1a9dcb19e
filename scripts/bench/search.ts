// `pnpm bench:search`: how long the release's search index takes to write, at 1,000 and 3,000
// products, what a product's rename then takes, and what a visitor's first search downloads.
//
// This builds the records of a catalogue of N products in 20 categories with 8 attributes
// each, in the three languages, with the site's own code (searchSources, as the records pages
// do), and times the index written whole on them (the indexer's start included, as in a build),
// as a site's first release writes it; then the next release's index after one product's rename
// in Russian, against the first's (site/src/integrations/searchDelta.ts: the standing index
// kept, the record in the delta), and what a first search downloads without and with that
// delta. Details: docs/benchmarks.md.
//
//   --products LIST (1000,3000): catalogue sizes
//   --runs N (3): runs per size, the median is kept
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { LANGUAGES, type SiteData } from '@conveyor/shared';
import { type SearchRecord, updateIndex } from '../../site/src/integrations/search.ts';
import { searchSources } from '../../site/src/lib/search.ts';

const { values: args } = parseArgs({
  options: {
    products: { type: 'string', default: '1000,3000' },
    runs: { type: 'string', default: '3' },
  },
});
const sizes = args.products
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const runs = Math.max(1, Number(args.runs) || 3);

// Words to write descriptions with, in each language, so that the index has a real vocabulary.
const WORDS = {
  ru: 'лента рама привод ролик цепь склад цех короб мешок паллета зерно уголь цемент подшипник мотор редуктор скорость нагрузка ширина длина наклон поворот секция модуль сталь оцинкованная нержавеющая пищевая транспортёр элеватор шнек'.split(
    ' ',
  ),
  uz: "lenta rama yuritma rolik zanjir ombor sex quti qop palleta don ko'mir sement podshipnik motor reduktor tezlik yuklama kenglik uzunlik qiyalik burilish seksiya modul po'lat ruxlangan zanglamaydigan oziq-ovqat transportyor elevator shnek o'lcham".split(
    ' ',
  ),
  en: 'belt frame drive roller chain warehouse workshop box bag pallet grain coal cement bearing motor gearbox speed load width length incline curve section module steel galvanized stainless food conveyor elevator screw'.split(
    ' ',
  ),
};

function catalogue(products: number): SiteData {
  let seed = 42;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const text = (lang: keyof typeof WORDS, count: number) =>
    Array.from({ length: count }, () => WORDS[lang][Math.floor(random() * WORDS[lang].length)])
      .join(' ')
      .replace(/^./, (first) => first.toUpperCase());
  const attributes = Array.from({ length: 8 }, (_, i) => ({
    id: i + 1,
    code: `figure_${i + 1}`,
    type: i % 4 === 3 ? 'range' : 'number',
    unit: 'MMT',
    name_ru: `Параметр ${i + 1}`,
    name_uz: `Parametr ${i + 1}`,
    name_en: `Figure ${i + 1}`,
    unit_ru: 'мм',
    unit_uz: 'mm',
    unit_en: 'mm',
    decimals: i % 3,
    filterable: true,
    comparable: true,
    quote: false,
    is_active: true,
  }));
  const categories = Array.from({ length: 20 }, (_, i) => ({
    id: i + 1,
    name_ru: `Категория ${i + 1} ${text('ru', 2)}`,
    name_uz: `Kategoriya ${i + 1} ${text('uz', 2)}`,
    name_en: `Category ${i + 1} ${text('en', 2)}`,
    description_ru: text('ru', 30),
    description_uz: text('uz', 30),
    description_en: text('en', 30),
    image: `categories/${i + 1}.jpg`,
    is_active: true,
    attributes: attributes.map((attribute) => ({ attribute_id: attribute.id, required: true })),
  }));
  return {
    settings: null,
    attributes,
    categories,
    products: Array.from({ length: products }, (_, i) => ({
      id: i + 1,
      category_id: (i % 20) + 1,
      name_ru: `${text('ru', 3)} К-${i + 1}`,
      name_uz: `${text('uz', 3)} K-${i + 1}`,
      name_en: `${text('en', 3)} K-${i + 1}`,
      description_ru: text('ru', 60),
      description_uz: text('uz', 60),
      description_en: text('en', 60),
      image: `products/${i + 1}.jpg`,
      is_active: true,
      images: [],
      media: [],
      related: [],
      specs: attributes.map((attribute) =>
        attribute.type === 'range'
          ? { attribute_id: attribute.id, min: Math.round(random() * 100), max: 100 + i }
          : { attribute_id: attribute.id, value: Math.round(random() * 2000 * 100) / 100 },
      ),
    })),
    projects: Array.from({ length: 30 }, (_, i) => ({
      id: i + 1,
      title_ru: `Проект ${i + 1}`,
      title_uz: `Proyekt ${i + 1}`,
      title_en: `Project ${i + 1}`,
      description_ru: text('ru', 40),
      description_uz: text('uz', 40),
      description_en: text('en', 40),
      is_active: true,
    })),
    clients: [],
    documents: [],
    testimonials: [],
  } as unknown as SiteData;
}

async function sizeOf(dir: string, test: (path: string) => boolean = () => true) {
  let bytes = 0;
  let files = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    const path = join(entry.parentPath, entry.name);
    if (!entry.isFile() || !test(path)) continue;
    bytes += (await stat(path)).size;
    files++;
  }
  return { bytes, files };
}

const kB = (bytes: number) => `${(bytes / 1024).toFixed(0)} kB`;
const rows: string[][] = [
  [
    'products',
    'records',
    'index, median',
    'runs',
    'files',
    'on disk',
    'first search (ru)',
    'a rename, median',
    'first search, delta',
  ],
];
for (const products of sizes) {
  const data = catalogue(products);
  const records: Record<string, SearchRecord[]> = {};
  for (const lang of LANGUAGES) {
    records[lang] = searchSources(data, lang).map(({ picture, ...source }) => ({
      ...source,
      image: picture ? `/_astro/${picture.replace(/\W/g, '_')}.webp` : null,
    }));
  }
  const count = Object.values(records).reduce((sum, list) => sum + list.length, 0);
  const times: number[] = [];
  const renames: number[] = [];
  let size = { bytes: 0, files: 0 };
  let first = 0;
  let firstWithDelta = 0;
  // a product renamed in Russian: its record, title and words, is all that changes
  const renamed = {
    ...records,
    ru: records.ru!.map((record, i) =>
      i === Math.floor(records.ru!.length / 2)
        ? {
            ...record,
            title: `${record.title} новое`,
            content: `${record.content}
новое имя`,
          }
        : record,
    ),
  };
  for (let run = 0; run < runs; run++) {
    const out = await mkdtemp(join(tmpdir(), 'conveyor-bench-search-'));
    const started = performance.now();
    await updateIndex(join(out, 'live'), records);
    times.push(performance.now() - started);
    size = await sizeOf(join(out, 'live'));
    // the rename's build: the live index kept, the one record in the delta
    const renameStarted = performance.now();
    await updateIndex(join(out, 'next'), renamed, join(out, 'live'));
    renames.push(performance.now() - renameStarted);
    // what a first search in Russian loads: the script, its worker, the WebAssembly, the
    // language's meta index and (about) one chunk of the word index
    const firstOf = async (folder: string) => {
      const base = await sizeOf(folder, (path) =>
        /pagefind(-worker)?\.js$|wasm\.ru\.pagefind$|pagefind\.ru_.*\.pf_meta$|pagefind-entry\.json$|delta\.json$/.test(
          path,
        ),
      );
      const chunks = await sizeOf(join(folder, 'index'));
      return base.bytes + chunks.bytes / Math.max(1, chunks.files);
    };
    first = await firstOf(join(out, 'live', 'pagefind'));
    // and with a delta: its own WebAssembly, meta index and chunk besides (delta.json was in)
    const delta = join(out, 'next', 'pagefind', 'delta');
    const deltaChunks = await sizeOf(join(delta, 'index'));
    firstWithDelta =
      (await firstOf(join(out, 'next', 'pagefind'))) -
      (await sizeOf(delta, (path) => /pagefind(-worker)?\.js$/.test(path))).bytes +
      deltaChunks.bytes / Math.max(1, deltaChunks.files);
    await rm(out, { recursive: true, force: true });
    console.log(
      `${products} products: run ${run + 1}/${runs} ${Math.round(times.at(-1)!)} ms, ` +
        `a rename ${Math.round(renames.at(-1)!)} ms`,
    );
  }
  const median = (list: number[]) =>
    [...list].sort((a, b) => a - b)[Math.floor((list.length - 1) / 2)]!;
  rows.push([
    String(products),
    String(count),
    `${(median(times) / 1000).toFixed(2)} s`,
    times.map((ms) => (ms / 1000).toFixed(2)).join(' / '),
    String(size.files),
    kB(size.bytes),
    `~${kB(first)}`,
    `${(median(renames) / 1000).toFixed(2)} s`,
    `~${kB(firstWithDelta)}`,
  ]);
}
const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
const pagefindPackage = join(
  import.meta.dirname,
  '..',
  '..',
  'site',
  'node_modules',
  'pagefind',
  'package.json',
);
const { version } = JSON.parse(await readFile(pagefindPackage, 'utf8')) as { version: string };
console.log(
  `\nPagefind ${version}; records in ru, uz and en: the index written whole, then a rename`,
);
for (const row of rows) console.log(row.map((cell, i) => cell.padEnd(widths[i]!)).join('  '));
console.log(`command: node scripts/bench/search.ts ${process.argv.slice(2).join(' ')}`.trim());
