import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import { firstLine, recordTimes } from './times.ts';

/**
 * A Playwright reporter: each spec file's time, its tests' tries added up, and the tests that
 * failed every try (scripts/check/times.ts).
 */
export default class PlaywrightTimes implements Reporter {
  readonly #files = new Map<string, number>();
  readonly #tests = new Map<TestCase, string>();
  readonly #suite: string;

  constructor(options: { suite?: string } = {}) {
    this.#suite = options.suite ?? 'e2e';
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    const file = test.location.file;
    this.#files.set(file, (this.#files.get(file) ?? 0) + result.duration / 1000);
    if (result.status !== 'passed' && result.status !== 'skipped') {
      this.#tests.set(test, firstLine(result.error?.message ?? result.status));
    }
  }

  onEnd(): void {
    const failures = new Map<string, string[]>();
    for (const [test, error] of this.#tests) {
      if (test.outcome() !== 'unexpected') continue; // passed on a retry
      const file = test.location.file;
      failures.set(file, [
        ...(failures.get(file) ?? []),
        `${test.titlePath().slice(2).join(' › ')}: ${error}`,
      ]);
    }
    recordTimes(
      [...this.#files].map(([file, seconds]) => ({
        suite: this.#suite,
        file,
        seconds,
        ...(failures.has(file) ? { failures: failures.get(file) } : {}),
      })),
    );
  }

  printsToStdio(): boolean {
    return false;
  }
}
