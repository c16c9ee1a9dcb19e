import { getPriority } from 'node:os';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { lowerThreadPriority } from '@conveyor/shared';

/** The nice value a thread started with `code` has once that code ran (Linux: per thread). */
function niceOfThread(code: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const thread = new Worker(
      `${code}
       const stat = require('node:fs').readFileSync('/proc/thread-self/stat', 'utf8');
       // the 19th field, counted after the command's name in parentheses
       require('node:worker_threads').parentPort.postMessage(Number(stat.split(') ')[1].split(' ')[16]));`,
      { eval: true },
    );
    thread.once('message', (nice: number) => {
      resolve(nice);
      void thread.terminate();
    });
    thread.once('error', reject);
  });
}

describe.skipIf(process.platform !== 'linux')('a background thread', () => {
  it('lowers its own priority, and only its own', async () => {
    const before = getPriority();
    expect(await niceOfThread('')).toBe(before);
    expect(await niceOfThread(lowerThreadPriority(Math.min(19, before + 10)))).toBe(
      Math.min(19, before + 10),
    );
    // the process's main thread keeps its priority
    expect(getPriority()).toBe(before);
  });
});
