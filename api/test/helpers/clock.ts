import type { Clock } from '../../src/lib/clock.ts';

/**
 * A clock that moves only when the test moves it: the rebuild queue's debounce windows, the
 * job runner's backoffs and schedules pass in no real time. What a timer starts (reading the database, a build)
 * still runs for real; tests wait for it with the queue's `idle()` or `expect.poll`.
 */
export class TestClock implements Clock {
  #now: number;
  #next = 1;
  readonly #timers = new Map<number, { at: number; callback: () => void }>();

  constructor(start = Date.now()) {
    this.#now = start;
  }

  now(): number {
    return this.#now;
  }

  setTimeout(callback: () => void, ms: number): unknown {
    const id = this.#next++;
    this.#timers.set(id, { at: this.#now + Math.max(0, ms), callback });
    return id;
  }

  clearTimeout(handle: unknown): void {
    if (typeof handle === 'number') this.#timers.delete(handle);
  }

  /** Timers set and not yet due (the queue's poll is one, its next build another). */
  get pending(): number {
    return this.#timers.size;
  }

  /** Moves time on by `ms`, calling each timer that falls due on the way, in time order. */
  advance(ms: number): void {
    const end = this.#now + ms;
    for (;;) {
      const due = [...this.#timers.entries()]
        .filter(([, timer]) => timer.at <= end)
        .sort((a, b) => a[1].at - b[1].at || a[0] - b[0])[0];
      if (!due) break;
      this.#timers.delete(due[0]);
      this.#now = due[1].at;
      due[1].callback();
    }
    this.#now = end;
  }
}
