import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * A long piece of work on the main thread (checking or writing thousands of rows) that lets the
 * other requests in between: the function it gets resolves at once until `sliceMs` have passed
 * since the last turn, then gives the event loop a turn. Timed rather than counted, so that the
 * slices stay short whatever one step costs (a row of long texts, a product on a busy machine).
 */
export function turnTaker(sliceMs = 8): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < sliceMs) return;
    await nextTurn();
    since = performance.now();
  };
}
