// `pnpm bench:sheets`: what an imported sheet costs the server, in memory and in the answers
// other visitors wait for meanwhile.
//
// Writes the files first (the issue's hostile ones and the largest legitimate ones), then for
// each starts the real server (SQLite, a temporary data folder, 40 products to read), uploads
// the file as staff while 4 anonymous readers ask the public API in a loop (categories, a
// product list, a product), and reports the server's resident memory before and at its peak
// (VmHWM, reset before the upload) and the readers' answer times. Targets: at most +150 MB
// over the server before the upload, and a p99 under 100 ms for the readers. A missed target is
// reported and makes the exit status 1. Results: docs/benchmarks.md.
//
//   --uncached   the public read cache off (PUBLIC_CACHE_MB=0): every read reaches the database
//   --only NAME  one scenario (its name's first word)
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { REPO_ROOT } from '@conveyor/api/config';
import {
  rowXml,
  sharedStringsXml,
  sheetOfRows,
  sheetXml,
  workbookOf,
  zipBomb,
} from '@conveyor/api/testing';
import { freePort } from '../lib/free-port.ts';

const { values: args } = parseArgs({
  options: { uncached: { type: 'boolean', default: false }, only: { type: 'string' } },
});
const TARGET = { memoryMb: 150, p99Ms: 100 };
const READERS = 4;
const PASSWORD = 'bench-password-1';
const ATTRIBUTES = 15;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resident memory of a process in MB: now (VmRSS) and its peak (VmHWM). */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

/** Starts the peak (VmHWM) again from the present resident size (Linux 4.0 and later). */
const resetPeak = (pid: number) => writeFileSync(`/proc/${pid}/clear_refs`, '5');

const percentile = (sorted: readonly number[], p: number) =>
  sorted.length
    ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
    : 0;

// ---- the files ----------------------------------------------------------------------------

const WORDS = (
  'лента ролик привод барабан натяжение скорость ширина длина мощность редуктор рама опора ' +
  'загрузка разгрузка транспортёр конвейер уголь щебень зерно песок цемент руда известняк ' +
  'скребок цепь ковш винт шнек желоб бункер питатель датчик защита остановка пуск'
).split(' ');
/** Text of about `chars` characters from a small vocabulary, different for each seed. */
function prose(seed: number, chars: number): string {
  let text = '';
  let n = seed;
  while (text.length < chars) {
    n = (n * 1103515245 + 12345) % 2147483648;
    text += `${WORDS[n % WORDS.length]} `;
  }
  return text.slice(0, chars).trim();
}

/** The header and a row of the largest legitimate sheet: every product new, in full. */
const legitHeader = [
  'id',
  'category_id',
  'is_active',
  'name_uz',
  'name_ru',
  'name_en',
  'description_uz',
  'description_ru',
  'description_en',
  ...Array.from({ length: ATTRIBUTES }, (_, i) => `bench_${i} (MMT)`),
];
const legitRow = (n: number, category: number, chars = 600) => [
  null,
  category,
  1,
  `Konveyer ${n}`,
  `Конвейер ${n}`,
  `Conveyor ${n}`,
  prose(n, chars),
  prose(n + 7, chars),
  prose(n + 13, chars).replace(/[а-яё]/g, 'e'),
  ...Array.from({ length: ATTRIBUTES }, (_, i) => ((n * (i + 3)) % 2000) / 10),
];

interface Scenario {
  name: string;
  what: string;
  file: (category: number) => Promise<Buffer>;
  filename: string;
  dryRun: boolean;
  /** Uploads at once (the first is measured; the others should be refused as busy). */
  together?: number;
}

const csvLine = (cells: readonly (string | number | null)[]) =>
  cells
    .map((cell) => (typeof cell === 'string' ? `"${cell.replaceAll('"', '""')}"` : (cell ?? '')))
    .join(',');

const SCENARIOS: Scenario[] = [
  {
    name: 'idle',
    what: 'no import: the readers alone',
    file: async () => Buffer.alloc(0),
    filename: '',
    dryRun: true,
  },
  {
    name: 'bomb',
    what: 'zip bomb: a sheet part unpacking to 1.5 GB',
    file: () => zipBomb(1_500_000_000),
    filename: 'bomb.xlsx',
    dryRun: false,
  },
  {
    name: 'bombs',
    what: 'three zip bombs at once',
    file: () => zipBomb(1_500_000_000),
    filename: 'bomb.xlsx',
    dryRun: false,
    together: 3,
  },
  {
    name: 'strings',
    what: 'shared-strings bomb: 1,000,001 strings',
    file: () =>
      workbookOf(sheetXml(rowXml(1, ['id', 'name_en'])), {
        strings: sharedStringsXml(
          (function* () {
            for (let n = 0; n <= 1_000_000; n++) yield String(n % 10);
          })(),
        ),
      }),
    filename: 'strings.xlsx',
    dryRun: false,
  },
  {
    name: 'rows',
    what: '100,000 rows',
    file: () =>
      workbookOf(
        sheetOfRows(function* () {
          yield rowXml(1, ['id', 'name_en']);
          for (let n = 2; n <= 100_001; n++) yield rowXml(n, [null, `Conveyor ${n}`]);
        }),
      ),
    filename: 'rows.xlsx',
    dryRun: false,
  },
  {
    name: 'million',
    what: '1,000,000 one-cell rows',
    file: () =>
      workbookOf(
        sheetOfRows(function* () {
          yield rowXml(1, ['id']);
          for (let n = 2; n <= 1_000_001; n++)
            yield `<row r="${n}"><c r="A${n}"><v>${n}</v></c></row>`;
        }),
      ),
    filename: 'million.xlsx',
    dryRun: false,
  },
  {
    name: 'largest',
    what: `5,000 new products × ${ATTRIBUTES} values, 3 × 600-character descriptions (dry run)`,
    file: (category) =>
      workbookOf(
        sheetOfRows(function* () {
          yield rowXml(1, legitHeader);
          for (let n = 1; n <= 5000; n++) yield rowXml(n + 1, legitRow(n, category));
        }),
      ),
    filename: 'largest.xlsx',
    dryRun: true,
  },
  {
    name: 'written',
    what: 'the same sheet imported: 5,000 products written',
    file: (category) =>
      workbookOf(
        sheetOfRows(function* () {
          yield rowXml(1, legitHeader);
          for (let n = 1; n <= 5000; n++) yield rowXml(n + 1, legitRow(n, category));
        }),
      ),
    filename: 'largest.xlsx',
    dryRun: false,
  },
  {
    name: 'cells',
    what: 'a million number cells: 4,990 rows × 200 columns (the cells limit)',
    file: () =>
      workbookOf(
        sheetOfRows(function* () {
          yield rowXml(1, ['id', ...Array.from({ length: 199 }, (_, i) => `extra_${i}`)]);
          for (let n = 2; n <= 4991; n++) {
            yield rowXml(
              n,
              Array.from({ length: 200 }, (_, i) => n * 200 + i),
            );
          }
        }),
      ),
    filename: 'cells.xlsx',
    dryRun: true,
  },
  {
    name: 'text',
    what: '16 million characters of text: 5,000 × 3,300-character descriptions (the text limit)',
    file: (category) =>
      workbookOf(
        sheetOfRows(function* () {
          yield rowXml(1, ['id', 'category_id', 'name_ru', 'description_ru']);
          for (let n = 2; n <= 5001; n++) {
            yield rowXml(n, [null, category, `Конвейер ${n}`, prose(n, 3300)]);
          }
        }),
      ),
    filename: 'text.xlsx',
    dryRun: true,
  },
  {
    name: 'csv',
    what: 'CSV near the size limit: 5,000 rows, 3 × 380-character descriptions (dry run)',
    file: async (category) =>
      Buffer.from(
        [
          csvLine(legitHeader),
          ...Array.from({ length: 5000 }, (_, n) => csvLine(legitRow(n + 1, category, 380))),
        ].join('\r\n'),
      ),
    filename: 'largest.csv',
    dryRun: true,
  },
];

// ---- the server ---------------------------------------------------------------------------

async function startServer(dataDir: string) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn(
    process.execPath,
    [join(REPO_ROOT, 'api', 'src', 'server.ts')],
    {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        HOST: '127.0.0.1',
        PORT: String(port),
        LOG_LEVEL: process.env.LOG_LEVEL ?? 'error',
        SEED_DEMO: 'false',
        SERVE_FRONTENDS: 'false',
        PUBLISH_ENABLED: 'false',
        ADMIN_PASSWORD: PASSWORD,
        ...(args.uncached ? { PUBLIC_CACHE_MB: '0' } : {}),
      },
      // its banner is not the bench's; its errors are
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  for (let attempt = 0; ; attempt++) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    if (attempt > 300) throw new Error('the server did not start within 30 s');
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  const signin = await fetch(`${url}/api/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user_name: 'admin', password: PASSWORD }),
  });
  const auth = { authorization: `Bearer ${((await signin.json()) as { data: string }).data}` };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const call = async (method: string, path: string, body?: unknown): Promise<any> => {
    const reply = await fetch(`${url}/api${path}`, {
      method,
      headers: { ...auth, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!reply.ok) throw new Error(`${method} ${path}: ${reply.status} ${await reply.text()}`);
    return ((await reply.json()) as { data: unknown }).data;
  };
  return { server, url, auth, call };
}

/** The catalogue the readers read and the largest sheet fills: attributes, categories, products. */
async function catalogue(call: Awaited<ReturnType<typeof startServer>>['call']) {
  const attributes = [];
  for (let i = 0; i < ATTRIBUTES; i++) {
    attributes.push(
      await call('POST', '/attributes', {
        code: `bench_${i}`,
        type: 'number',
        unit: 'MMT',
        decimals: 1,
        name_ru: `Параметр ${i}`,
      }),
    );
  }
  const categories = [];
  for (let c = 0; c < 4; c++) {
    categories.push(
      await call('POST', '/categories', {
        name_ru: `Категория ${c}`,
        attributes: attributes.map((attribute: { id: number }) => ({ attribute_id: attribute.id })),
      }),
    );
  }
  const products = [];
  for (let p = 0; p < 40; p++) {
    products.push(
      await call('POST', '/products', {
        name_ru: `Конвейер ${p}`,
        description_ru: prose(p, 600),
        category_id: categories[p % categories.length].id,
        specs: attributes.map((attribute: { id: number }, i: number) => ({
          attribute_id: attribute.id,
          value: p + i,
        })),
      }),
    );
  }
  return { category: categories[0].id as number, products: products.map((p) => p.id as number) };
}

// ---- one scenario -------------------------------------------------------------------------

interface Result {
  scenario: string;
  file: string;
  answer: string;
  seconds: string;
  before: number;
  peak: number;
  added: number;
  reads: number;
  p50: string;
  p99: string;
  max: string;
  ok: boolean;
}

async function run(scenario: Scenario, path: string, size: number): Promise<Result> {
  const dataDir = await mkdtemp(join(tmpdir(), 'conveyor-bench-sheets-'));
  const { server, url, auth, call } = await startServer(dataDir);
  try {
    const pid = server.pid!;
    const { products } = await catalogue(call);
    const readPaths = [
      '/api/categories',
      '/api/products?limit=20',
      ...products.slice(0, 10).map((id) => `/api/products/${id}`),
    ];
    // the bodies are made before the readers start: reading and wrapping the file in the
    // readers' process would hold up their first requests, a delay charged to the server
    const bytes = scenario.filename ? await readFile(path) : Buffer.alloc(0);
    const bodies = Array.from({ length: scenario.together ?? 1 }, () => {
      const form = new FormData();
      form.append('file', new Blob([bytes]), scenario.filename);
      return form;
    });
    const upload = async (form: FormData) => {
      const reply = await fetch(`${url}/api/products/import?dry_run=${scenario.dryRun}`, {
        method: 'POST',
        headers: auth,
        body: form,
      });
      const body = (await reply.json()) as { code?: string; data?: { rows: number } };
      return `${reply.status}${body.code ? ` ${body.code}` : body.data ? ` (${body.data.rows} rows)` : ''}`;
    };
    // warm up what any import and read loads: a small sheet, each read once
    const small = join(dataDir, 'warm.csv');
    await writeFile(small, 'id,name_en\r\n,Warm\r\n');
    const warm = new FormData();
    warm.append('file', new Blob([await readFile(small)]), 'warm.csv');
    await (
      await fetch(`${url}/api/products/import?dry_run=true`, {
        method: 'POST',
        headers: auth,
        body: warm,
      })
    ).arrayBuffer();
    for (const read of readPaths) await (await fetch(url + read)).arrayBuffer();
    await sleep(500);

    const before = memoryOf(pid).rss;
    resetPeak(pid);
    let sampled = before;
    const sampler = setInterval(() => {
      if (server.exitCode === null) sampled = Math.max(sampled, memoryOf(pid).rss);
    }, 10);
    const times: number[] = [];
    let reading = true;
    /** When the upload began: the reads begun before it are not counted. */
    let started = Infinity;
    const readers = Array.from({ length: READERS }, async (_, reader) => {
      for (let n = reader; reading; n++) {
        const begun = performance.now();
        const reply = await fetch(url + readPaths[n % readPaths.length]!);
        await reply.arrayBuffer();
        if (!reply.ok) throw new Error(`a public read answered ${reply.status}`);
        if (begun >= started) times.push(performance.now() - begun);
      }
    });
    // the readers' first round is over before the upload begins: four requests sent at the same
    // moment wait on each other, in the server and in this process, and every run would count it
    await sleep(250);
    started = performance.now();
    let answer: string;
    if (!scenario.filename) {
      await sleep(3000);
      answer = '–';
    } else {
      const answers = await Promise.all(bodies.map(upload));
      answer = [...new Set(answers)]
        .map((one) => `${answers.filter((a) => a === one).length} × ${one}`)
        .join(', ');
    }
    const seconds = (performance.now() - started) / 1000;
    // the readers' last answers, and what the import leaves running (a thread ending)
    await sleep(200);
    reading = false;
    await Promise.all(readers);
    clearInterval(sampler);
    const peak = Math.max(memoryOf(pid).peak, sampled);
    times.sort((a, b) => a - b);
    const p99 = percentile(times, 99);
    const added = peak - before;
    return {
      scenario: scenario.what,
      file: scenario.filename ? `${(size / 1024 / 1024).toFixed(2)} MB` : '–',
      answer,
      seconds: seconds.toFixed(1),
      before: Math.round(before),
      peak: Math.round(peak),
      added: Math.round(added),
      reads: times.length,
      p50: percentile(times, 50).toFixed(1),
      p99: p99.toFixed(1),
      max: (times.at(-1) ?? 0).toFixed(1),
      ok: added <= TARGET.memoryMb && p99 < TARGET.p99Ms,
    };
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await rm(dataDir, { recursive: true, force: true });
  }
}

// ---- all of them --------------------------------------------------------------------------

const files = await mkdtemp(join(tmpdir(), 'conveyor-bench-sheet-files-'));
try {
  const chosen = SCENARIOS.filter((scenario) => !args.only || scenario.name === args.only);
  const results: Result[] = [];
  for (const scenario of chosen) {
    // the category's id is the first a fresh server gives (catalogue() makes it first)
    console.log(`writing ${scenario.name} …`);
    const bytes = await scenario.file(1);
    const path = join(files, `${scenario.name}-${scenario.filename || 'none'}`);
    await writeFile(path, bytes);
    console.log(`${scenario.name}: ${scenario.what} …`);
    const result = await run(scenario, path, bytes.length);
    console.log(`  ${result.answer}, +${result.added} MB, p99 ${result.p99} ms`);
    results.push(result);
  }
  console.log(
    `\nsheet imports (pnpm bench:sheets${args.uncached ? ' --uncached' : ''}): SQLite, Node ${process.versions.node}, ${READERS} anonymous readers, public cache ${args.uncached ? 'off' : 'on'}`,
  );
  console.table(
    results.map(({ ok, ...row }) => ({
      ...row,
      before: `${row.before} MB`,
      peak: `${row.peak} MB`,
      added: `+${row.added} MB`,
      verdict: ok ? 'OK' : 'OVER',
    })),
  );
  console.log(`targets: at most +${TARGET.memoryMb} MB, reads p99 under ${TARGET.p99Ms} ms`);
  process.exitCode = results.every((result) => result.ok) ? 0 : 1;
} finally {
  await rm(files, { recursive: true, force: true });
}
