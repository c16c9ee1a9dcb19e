// `pnpm bench:app`: what building the API's app costs in a process that builds several, as the
// test workers do (each test file starts its own app on its own database): the first app, which
// loads the modules and compiles every route's schemas, and the later ones, which take the
// compiled schemas from the first (api/src/lib/schemaCompilers.ts). Wall and CPU time of each
// build, on SQLite copies of one migrated database, with no demo content.
//
//   --apps 8
import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '@conveyor/api/app';
import { loadConfig } from '@conveyor/api/config';

const { values } = parseArgs({ options: { apps: { type: 'string', default: '8' } } });
const apps = Number(values.apps);
if (!Number.isInteger(apps) || apps < 2) throw new Error('--apps takes a whole number from 2');

const root = await mkdtemp(join(tmpdir(), 'conveyor-bench-app-'));
const configOf = (dataDir: string) =>
  loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SEED_DEMO: false,
    SERVE_FRONTENDS: false,
    LOG_LEVEL: 'warn',
    ADMIN_PASSWORD: 'admin-password-1',
  });

const times: { wallMs: number; cpuMs: number }[] = [];
let migrated = '';
try {
  for (let n = 0; n < apps; n++) {
    const config = configOf(join(root, String(n)));
    await mkdir(config.dataDir, { recursive: true });
    // the first app migrates its database; the others start from a copy of it, as tests do
    if (migrated) await copyFile(migrated, config.sqliteFile);
    const cpu = process.cpuUsage();
    const started = performance.now();
    const app = await buildApp(config, { logger: false });
    await app.ready();
    const used = process.cpuUsage(cpu);
    times.push({ wallMs: performance.now() - started, cpuMs: (used.user + used.system) / 1000 });
    await app.close();
    migrated ||= config.sqliteFile;
  }
} finally {
  await rm(root, { recursive: true, force: true });
}

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
const later = times.slice(1);
const ms = (value: number) => `${Math.round(value)} ms`;
console.log(`first app:  ${ms(times[0]!.wallMs)} wall, ${ms(times[0]!.cpuMs)} CPU`);
console.log(
  `later apps: median ${ms(median(later.map((t) => t.wallMs)))} wall, ` +
    `${ms(median(later.map((t) => t.cpuMs)))} CPU (${later.length} apps)`,
);
