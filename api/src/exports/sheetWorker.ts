import { parentPort, workerData } from 'node:worker_threads';
import { readCsv } from './readCsv.ts';
import { readXlsx } from './readXlsx.ts';
import { SheetBudget, type SheetLimits, SheetRefusal, type SheetRow } from './sheetLimits.ts';

// A thread of its own that reads one uploaded sheet (readSheet.ts starts it, at a lower
// priority): unzipping and parsing XML take seconds of CPU for a large file, which on the main
// thread would hold up every other request meanwhile. The rows go to the main thread in batches as they are read;
// what was sent is not kept here.

export interface SheetJob {
  /** This file, which the thread's plain-JavaScript first code (readSheet.ts) imports. */
  entry: string;
  path: string;
  format: 'xlsx' | 'csv';
  limits: SheetLimits;
}

/** What the thread tells the main thread: rows, then the end or why it stopped. */
export type SheetMessage =
  | { rows: SheetRow[] }
  | { done: true }
  | { refused: { kind: SheetRefusal['kind']; message: string } };

/**
 * Rows sent at once, and the characters of text: the main thread copies each batch in as one
 * task, which stays short this way even for rows of long descriptions.
 */
const BATCH = { rows: 250, chars: 128 * 1024 };

async function run(port: NonNullable<typeof parentPort>, job: SheetJob): Promise<void> {
  const budget = new SheetBudget(job.limits);
  const send = (message: SheetMessage) => port.postMessage(message);
  let batch: SheetRow[] = [];
  let chars = 0;
  try {
    const rows = job.format === 'xlsx' ? readXlsx(job.path, budget) : readCsv(job.path, budget);
    for await (const row of rows) {
      batch.push(row);
      for (const cell of row.cells) if (typeof cell === 'string') chars += cell.length;
      if (batch.length >= BATCH.rows || chars >= BATCH.chars) {
        send({ rows: batch });
        batch = [];
        chars = 0;
      }
    }
    if (batch.length) send({ rows: batch });
    send({ done: true });
  } catch (error) {
    const refusal =
      error instanceof SheetRefusal
        ? error
        : new SheetRefusal('unreadable', `file: cannot be read (${String(error)})`);
    send({ refused: { kind: refusal.kind, message: refusal.message } });
  }
}

if (parentPort) {
  await run(parentPort, workerData as SheetJob);
}
