/**
 * The time the rebuild queue and the job runner read and the timers they set, in one place,
 * so tests can move time on instead of sleeping through debounce windows and backoffs.
 */
export interface Clock {
  /** Milliseconds since the epoch, as Date.now(). */
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  // these timers never keep a process alive: closing the queue or the runner clears them
  setTimeout: (callback, ms) => setTimeout(callback, ms).unref(),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/** The clock's time as an ISO string, as the builds table stores it. */
export function isoAt(clock: Clock, ms = clock.now()): string {
  return new Date(ms).toISOString();
}
