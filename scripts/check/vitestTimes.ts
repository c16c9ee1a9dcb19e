import type { Reporter, TestModule } from 'vitest/node';
import { firstLine, recordTimes } from './times.ts';

/** A vitest reporter: each test file's duration and failures, by project (scripts/check/times.ts). */
export default class VitestTimes implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    recordTimes(
      modules.map((module) => {
        const failures = [
          // an error outside any test: the file did not load, a hook failed
          ...module.errors().map((error) => `(the file) ${firstLine(error.message)}`),
          ...[...module.children.allTests()]
            .filter((test) => test.result().state === 'failed')
            .map((test) => `${test.fullName}: ${firstLine(test.result().errors?.[0]?.message)}`),
        ];
        return {
          suite: module.project.name,
          file: module.moduleId,
          seconds: module.diagnostic().duration / 1000,
          ...(failures.length ? { failures } : {}),
        };
      }),
    );
  }
}
