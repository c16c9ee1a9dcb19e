import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import { recordTimes } from './times.ts';

/** A Playwright reporter: each spec file's time, its tests' tries added up (scripts/check/times.ts). */
export default class PlaywrightTimes implements Reporter {
  readonly #files = new Map<string, number>();
  readonly #suite: string;

  constructor(options: { suite?: string } = {}) {
    this.#suite = options.suite ?? 'e2e';
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    const file = test.location.file;
    this.#files.set(file, (this.#files.get(file) ?? 0) + result.duration / 1000);
  }

  onEnd(): void {
    recordTimes([...this.#files].map(([file, seconds]) => ({ suite: this.#suite, file, seconds })));
  }

  printsToStdio(): boolean {
    return false;
  }
}
