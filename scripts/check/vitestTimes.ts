import type { Reporter, TestModule } from 'vitest/node';
import { recordTimes } from './times.ts';

/** A vitest reporter: each test file's duration, by project (scripts/check/times.ts). */
export default class VitestTimes implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    recordTimes(
      modules.map((module) => ({
        suite: module.project.name,
        file: module.moduleId,
        seconds: module.diagnostic().duration / 1000,
      })),
    );
  }
}
