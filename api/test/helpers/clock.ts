import type { Clock } from '../../src/publish/clock.ts';

interface Timer {
  at: number;
  /** The interval of a repeating timer; null for a one-shot one. */
  every: number | null;
  fn: () => void;
}

/**
 * A clock that moves only when the test moves it: the rebuild queue's debounce windows and
 * retry backoffs pass in no real time. What a timer starts (reading the database, a build)
 * still runs for real; tests wait for it with the queue's `idle()` or `expect.poll`.
 */
export class TestClock implements Clock {
  #now: number;
  #timers: Timer[] = [];

  constructor(start = Date.now()) {
    this.#now = start;
  }

  now(): number {
    return this.#now;
  }

  after(ms: number, fn: () => void): () => void {
    return this.#add({ at: this.#now + Math.max(0, ms), every: null, fn });
  }

  every(ms: number, fn: () => void): () => void {
    return this.#add({ at: this.#now + ms, every: ms, fn });
  }

  /** One-shot timers set and not yet due: the queue's next build, when one is scheduled. */
  get pending(): number {
    return this.#timers.filter((timer) => timer.every === null).length;
  }

  /** Moves time on by `ms`, calling each timer that falls due on the way, in time order. */
  advance(ms: number): void {
    const end = this.#now + ms;
    for (;;) {
      const [next] = this.#timers.filter((timer) => timer.at <= end).sort((a, b) => a.at - b.at);
      if (!next) break;
      this.#now = next.at;
      if (next.every === null) this.#remove(next);
      else next.at += next.every;
      next.fn();
    }
    this.#now = end;
  }

  #add(timer: Timer): () => void {
    this.#timers.push(timer);
    return () => this.#remove(timer);
  }

  #remove(timer: Timer): void {
    this.#timers = this.#timers.filter((other) => other !== timer);
  }
}
