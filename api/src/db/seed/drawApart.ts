import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ALLOCATOR_ENV } from '../../lib/leanProcess.ts';
import type { DemoPictures } from './index.ts';

/**
 * Draws the demo's pictures in a process of its own (drawChild.ts), for a first start of the
 * demo (main.ts): there they are drawn while this process loads the app and migrates, which
 * keeps its own thread busy for a second or more (a picture drawn here waits for this thread
 * between its steps), and without the server's allocator settings, under which each picture's
 * 2 MB canvas would be mapped and unmapped afresh, the slower way to draw many of them. The
 * child hands them over on the IPC channel and ends; its memory goes with it.
 */
export function drawApart(): Promise<DemoPictures> {
  const env = { ...process.env };
  for (const [name, value] of Object.entries(ALLOCATOR_ENV)) {
    if (env[name] === value) delete env[name];
  }
  const child = fork(fileURLToPath(new URL('./drawChild.ts', import.meta.url)), [], {
    env,
    // none of the server's heap flags
    execArgv: [],
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise<DemoPictures>((resolve, reject) => {
    child.once('message', (pictures) => resolve(pictures as DemoPictures));
    child.once('error', reject);
    // after the message, nothing: it has been resolved
    child.once('exit', (code, signal) =>
      reject(new Error(`the demo's pictures could not be drawn (exit ${code ?? signal})`)),
    );
  });
}
