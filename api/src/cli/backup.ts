import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { createStorage } from '../storage/index.ts';
import { createBackup, defaultBackupFile } from '../backup/archive.ts';
import { BackupError } from '../backup/format.ts';
import { restoreBackup } from '../backup/restore.ts';

// `pnpm backup [FILE]` and `pnpm restore FILE [--force]`: the commands around the backup
// module, which the server can also call (a scheduled backup job, a Backups screen). They read
// the same configuration as the server: DATA_DIR, DATABASE_URL, and UPLOADS_DRIVER with its
// S3_* settings for the uploads.

const USAGE = `usage: pnpm backup [FILE]
       pnpm restore FILE [--force]`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { force: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
});
const [command, file, ...rest] = positionals;
const valid =
  !values.help &&
  rest.length === 0 &&
  ((command === 'backup' && !values.force) || (command === 'restore' && file !== undefined));
if (!valid) {
  console.error(USAGE);
  process.exit(values.help ? 0 : 2);
}

// pnpm runs the script in api/; a relative FILE means the folder the command was typed in.
const fromCaller = (path: string) => resolve(process.env.INIT_CWD ?? process.cwd(), path);
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const rowsLine = (tables: Record<string, number>) =>
  Object.entries(tables)
    .map(([table, rows]) => `${table} ${rows}`)
    .join(', ');

const config = loadConfig();
const uploads = createStorage(config);
const target = {
  databaseUrl: config.databaseUrl,
  sqliteFile: config.sqliteFile,
  uploads,
};
const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `SQLite ${config.sqliteFile}`;

try {
  if (command === 'backup') {
    const summary = await createBackup({
      ...target,
      file: file ? fromCaller(file) : defaultBackupFile(config.backup.dir),
    });
    console.log(`Backup written: ${summary.file} (${megabytes(summary.bytes)})`);
    console.log(`  from ${where}, schema ${summary.schemaVersion}`);
    console.log(`  rows: ${rowsLine(summary.tables)}`);
    console.log(`  uploaded files: ${summary.files} from ${uploads.location}`);
  } else {
    const summary = await restoreBackup({
      ...target,
      dataDir: config.dataDir,
      file: fromCaller(file!),
      force: values.force,
    });
    console.log(`Restored ${fromCaller(file!)} into ${where}`);
    const { source } = summary;
    console.log(
      `  taken ${source.createdAt} from ${source.dialect}, schema ${source.schemaVersion}`,
    );
    console.log(`  rows: ${rowsLine(summary.tables)}`);
    console.log(`  uploaded files: ${summary.files} into ${uploads.location}`);
    if (summary.removedFiles) {
      console.log(`  removed from the uploads, not in the archive: ${summary.removedFiles}`);
    }
    if (summary.migrated.length) console.log(`  then migrated: ${summary.migrated.join(', ')}`);
    console.log('  Sign-in sessions were ended: staff sign in again.');
  }
} catch (error) {
  // A refusal is for whoever runs the command: its message alone. Anything else is a fault
  // and keeps its stack.
  console.error(error instanceof BackupError ? error.message : error);
  process.exitCode = 1;
} finally {
  await uploads.close();
}
