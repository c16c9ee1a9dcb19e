import { open } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import { lowerThreadPriority } from '@conveyor/shared';
import { SHEET_LIMITS, type SheetLimits, SheetRefusal, type SheetRow } from './sheetLimits.ts';
import type { SheetJob, SheetMessage } from './sheetWorker.ts';

/** The heap a sheet's thread may take: past it the thread is stopped and the sheet refused. */
const THREAD_HEAP_MB = 96;

/**
 * The thread's first code, plain JavaScript: it gives way to the server's own threads before it
 * loads anything. Starting a thread on a TypeScript file takes more CPU than reading a small
 * sheet (the isolate, the type stripper, the zip and XML parsers); at the server's priority, on
 * busy cores, that would hold up the requests answered meanwhile.
 */
const GIVE_WAY_THEN_LOAD = `${lowerThreadPriority(10)}
import(require('node:worker_threads').workerData.entry);
`;
const ENTRY = new URL('./sheetWorker.ts', import.meta.url).href;

/** An XLSX is a zip archive (`PK\x03\x04`); anything else is read as CSV text. */
async function formatOf(path: string): Promise<SheetJob['format']> {
  const file = await open(path);
  try {
    const head = Buffer.alloc(4);
    await file.read(head, 0, 4, 0);
    return head.equals(Buffer.from([0x50, 0x4b, 0x03, 0x04])) ? 'xlsx' : 'csv';
  } finally {
    await file.close();
  }
}

/**
 * The rows of an uploaded sheet (XLSX or CSV) that hold anything, the header first (row 1), read
 * on a thread of its own (sheetWorker.ts) within `limits`: a SheetRefusal names the first limit
 * the file passed, or that it cannot be read. The thread's heap is capped too, so that a file
 * no limit foresaw still cannot take the server's memory.
 */
export async function readSheet(
  path: string,
  limits: SheetLimits = SHEET_LIMITS,
): Promise<SheetRow[]> {
  const job: SheetJob = { entry: ENTRY, path, format: await formatOf(path), limits };
  return new Promise((resolve, reject) => {
    const rows: SheetRow[] = [];
    let settled = false;
    const thread = new Worker(GIVE_WAY_THEN_LOAD, {
      eval: true,
      workerData: job,
      // the server's own V8 flags (leanProcess) are not a thread's to take
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB, maxYoungGenerationSizeMb: 16 },
      stdout: false,
      stderr: false,
    });
    const settle = (error: Error | null) => {
      if (settled) return;
      settled = true;
      if (error) reject(error);
      else resolve(rows);
      void thread.terminate();
    };
    thread.on('message', (message: SheetMessage) => {
      if ('rows' in message) {
        for (const row of message.rows) rows.push(row);
      } else if ('done' in message) settle(null);
      else settle(new SheetRefusal(message.refused.kind, message.refused.message));
    });
    thread.on('error', (error: Error & { code?: string }) => {
      settle(
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new SheetRefusal('unpacked', 'file: takes more memory to read than an import may use')
          : error,
      );
    });
    // after `done` this changes nothing; before it, the thread died without saying why
    thread.on('exit', (code) => settle(new Error(`the sheet's thread stopped (exit ${code})`)));
  });
}
