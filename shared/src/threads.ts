/**
 * The first statement of a worker thread's code (plain JavaScript, run with `eval: true`) that
 * lowers the thread's own priority to `nice`, so that the work it does in the background gives
 * way to its process's main thread and to the other processes' on busy cores. On Linux a nice
 * value is a thread's, and a thread's id is the last part of /proc/thread-self; elsewhere the
 * thread keeps its process's priority.
 */
export const lowerThreadPriority = (nice: number): string => `
try {
  const thread = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());
  if (Number.isInteger(thread) && thread > 0) require('node:os').setPriority(thread, ${nice});
} catch {}
`;
