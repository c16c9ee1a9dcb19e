// `pnpm bench:import`: specifications entered in bulk, at 1,000 products × 15 attributes.
//
// Starts the whole product (scripts/e2e/server.ts, the demo without its pictures, publishing
// on) on a free loopback port, defines 15 attributes and a category whose template lists them,
// then measures, through the API as the back office calls it:
//   - importing a sheet of 1,000 new products with 15 values each (target: under 30 s);
//   - exporting them, changing every product's values and importing the sheet again;
//   - afterwards, save → live: a product renamed, until its page on the site shows the new
//     name (target: under 5 s).
// A missed target is reported, not a failure. Details: docs/benchmarks.md.
//
//   --products N (1000)
import { parseArgs } from 'node:util';
import ExcelJS from 'exceljs';
import { startProduct } from '../lib/product.ts';

const { values: args } = parseArgs({ options: { products: { type: 'string', default: '1000' } } });
const count = Math.max(1, Number.parseInt(args.products, 10) || 1000);
const TARGET = { importS: 30, liveS: 5 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let stop = () => {};

try {
  const running = await startProduct({ SEED_PICTURES: 'false' });
  stop = running.stop;
  const { base, auth, call } = running;

  // 15 attributes: 10 figures, 3 ranges, 2 choices
  const attributes: { id: number; code: string; type: string }[] = [];
  for (let i = 0; i < 15; i++) {
    const type = i < 10 ? 'number' : i < 13 ? 'range' : 'enum';
    attributes.push(
      await call('POST', '/attributes', {
        code: `bench_${i}`,
        type,
        name_ru: `Параметр ${i}`,
        ...(type === 'enum'
          ? { options: ['a', 'b', 'c'].map((code) => ({ code })) }
          : { unit: 'MMT', decimals: 1 }),
      }),
    );
  }
  const category = await call('POST', '/categories', {
    name_ru: 'Импорт',
    attributes: attributes.map((attribute) => ({ attribute_id: attribute.id })),
  });
  const exported = async () => {
    const reply = await fetch(
      `${base}/api/products/export?format=xlsx&category_id=${category.id}`,
      {
        headers: auth,
      },
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await reply.arrayBuffer());
    return workbook;
  };
  const upload = async (workbook: ExcelJS.Workbook) => {
    const form = new FormData();
    form.append('file', new Blob([await workbook.xlsx.writeBuffer()]), 'products.xlsx');
    const started = performance.now();
    const reply = await fetch(`${base}/api/products/import`, {
      method: 'POST',
      headers: auth,
      body: form,
    });
    const seconds = (performance.now() - started) / 1000;
    if (!reply.ok) throw new Error(`import: ${reply.status} ${await reply.text()}`);
    const { data } = (await reply.json()) as { data: { created: number; changed: number } };
    return { seconds, result: data };
  };
  const value = (attribute: { type: string }, n: number) =>
    attribute.type === 'number'
      ? n / 10
      : attribute.type === 'range'
        ? `${n % 50}–${(n % 50) + 20}`
        : 'abc'[n % 3];

  // a sheet of new products: the export's header, a row per product
  const fresh = await exported();
  const sheet = fresh.worksheets[0]!;
  const header = (sheet.getRow(1).values as string[]).slice(1);
  const at = (name: string) => header.indexOf(name) + 1;
  for (let n = 0; n < count; n++) {
    const row = sheet.getRow(n + 2);
    row.getCell(at('category_id')).value = category.id;
    row.getCell(at('name_ru')).value = `Конвейер ${n + 1}`;
    for (const attribute of attributes) {
      const name = attribute.type === 'enum' ? attribute.code : `${attribute.code} (MMT)`;
      row.getCell(at(name)).value = value(attribute, n + 1);
    }
  }
  console.log(`importing ${count} new products × ${attributes.length} attributes …`);
  const created = await upload(fresh);

  // every product's values changed, through an export
  const again = await exported();
  const rows = again.worksheets[0]!;
  rows.eachRow((row, number) => {
    if (number === 1) return;
    for (const attribute of attributes.filter((a) => a.type === 'number')) {
      const cell = row.getCell(at(`${attribute.code} (MMT)`));
      cell.value = Number(cell.value) + 1;
    }
  });
  console.log('importing the sheet again with every product changed …');
  const changed = await upload(again);

  // save → live afterwards, once the site has the imported products (their release built)
  const buildStarted = performance.now();
  await sleep(1000);
  for (;;) {
    const status = await call('GET', '/publishing');
    if (!status.running && !status.queued) break;
    await sleep(250);
  }
  const importBuild = (performance.now() - buildStarted) / 1000;
  const [product] = await call('GET', `/products?category_id=${category.id}&limit=1`);
  const name = `Переименован ${Date.now()}`;
  const started = performance.now();
  await call('PUT', `/products/${product.id}`, { name_ru: name });
  const page = `${base}/catalog/${category.id}/products/${product.id}`;
  for (;;) {
    const html = await fetch(page).then((reply) => (reply.ok ? reply.text() : ''));
    if (html.includes(name)) break;
    if (performance.now() - started > 120_000) throw new Error('the rename never went live');
    await sleep(100);
  }
  const live = (performance.now() - started) / 1000;

  const verdict = (ok: boolean) => (ok ? 'OK' : 'OVER');
  console.log('');
  console.log(`${count} products × ${attributes.length} attributes (pnpm bench:import)`);
  console.log(
    `  import, new products: ${created.seconds.toFixed(1)} s (created ${created.result.created}; target < ${TARGET.importS} s): ${verdict(created.seconds < TARGET.importS)}`,
  );
  console.log(
    `  import, every product changed: ${changed.seconds.toFixed(1)} s (changed ${changed.result.changed}; target < ${TARGET.importS} s): ${verdict(changed.seconds < TARGET.importS)}`,
  );
  console.log(
    `  the imported products' release: live ${importBuild.toFixed(1)} s after the import`,
  );
  console.log(
    `  save → live afterwards: ${live.toFixed(1)} s (target < ${TARGET.liveS} s): ${verdict(live < TARGET.liveS)}`,
  );
} finally {
  stop();
}
