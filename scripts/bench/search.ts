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
import { LANGUAGES } from '@conveyor/shared';
import { type SearchRecord, updateIndex } from '../../site/src/integrations/search.ts';
import { searchSources } from '../../site/src/lib/search.ts';
import { catalogue, catalogueArgs } from '../lib/catalogue.ts';

const { sizes, runs } = catalogueArgs('1000,3000');

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
