/**
 * The time the rebuild queue reads and the timers it sets, in one place, so tests can move
 * time on instead of sleeping through debounce windows and retry backoffs. The same shape as
 * the jobs runner's clock (api/src/jobs/runner.ts on main), so the two can become one.
 */
export interface Clock {
  /** Milliseconds since the epoch, as Date.now(). */
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  // the queue's timers never keep a process alive: closing the queue clears them
  setTimeout: (callback, ms) => setTimeout(callback, ms).unref(),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/** The clock's time as an ISO string, as the builds table stores it. */
export function isoAt(clock: Clock, ms = clock.now()): string {
  return new Date(ms).toISOString();
}
