import { describe, expect, it } from 'vitest';
import { loadConfig, prettyLogs } from '../src/config.ts';

describe('log format', () => {
  it('is readable on a terminal and JSON when piped, unless LOG_PRETTY says otherwise', () => {
    expect(prettyLogs('', true)).toBe(true);
    expect(prettyLogs('', false)).toBe(false);
    expect(prettyLogs('false', true)).toBe(false);
    expect(prettyLogs('true', false)).toBe(true);
  });

  it('takes an unset LOG_PRETTY as automatic and refuses other values', () => {
    // The test runner's output is not a terminal.
    expect(loadConfig({}).logPretty).toBe(Boolean(process.stdout.isTTY));
    expect(loadConfig({ LOG_PRETTY: 'true' }).logPretty).toBe(true);
    expect(() => loadConfig({ LOG_PRETTY: 'yes' })).toThrow(/LOG_PRETTY/);
  });
});

describe('site builds', () => {
  it('keep the bundled build loaded unless told not to or given a command of their own', () => {
    expect(loadConfig({}).publish.warm).toBe(true);
    expect(loadConfig({ PUBLISH_BUILD_WARM: 'false' }).publish.warm).toBe(false);
    const custom = loadConfig({ PUBLISH_BUILD_COMMAND: 'make site OUT={outDir}' }).publish;
    expect(custom).toMatchObject({ warm: false, command: 'make site OUT={outDir}' });
  });
});
