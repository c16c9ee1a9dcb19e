/**
 * The time the rebuild queue reads and the timers it sets, in one place, so tests can move
 * time on instead of sleeping through debounce windows and retry backoffs.
 */
export interface Clock {
  /** Milliseconds since the epoch, as Date.now(). */
  now(): number;
  /** Calls `fn` once after `ms`; the returned function cancels the call. */
  after(ms: number, fn: () => void): () => void;
  /** Calls `fn` every `ms`, without keeping the process alive; the returned function stops it. */
  every(ms: number, fn: () => void): () => void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  after(ms, fn) {
    const timer = setTimeout(fn, ms);
    return () => clearTimeout(timer);
  },
  every(ms, fn) {
    const timer = setInterval(fn, ms);
    // an idle poll is no reason to keep a process from exiting
    timer.unref();
    return () => clearInterval(timer);
  },
};

/** The clock's time as an ISO string, as the builds table stores it. */
export function isoAt(clock: Clock, ms = clock.now()): string {
  return new Date(ms).toISOString();
}
