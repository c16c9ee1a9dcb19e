import type { Clock } from '../../src/jobs/runner.ts';

/** A clock the test moves: timers fire only from `advance`, in time order. */
export class FakeClock implements Clock {
  #now: number;
  #next = 1;
  readonly #timers = new Map<number, { at: number; callback: () => void }>();

  constructor(start = Date.parse('2026-11-24T09:00:00.000Z')) {
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
    this.#timers.delete(handle as number);
  }

  /** Moves time on by `ms`, firing each timer that falls due on the way. */
  advance(ms: number): void {
    const end = this.#now + ms;
    for (;;) {
      const due = [...this.#timers.entries()]
        .filter(([, timer]) => timer.at <= end)
        .sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      this.#timers.delete(due[0]);
      this.#now = Math.max(this.#now, due[1].at);
      due[1].callback();
    }
    this.#now = end;
  }
}
