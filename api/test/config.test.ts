import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';

describe('log format', () => {
  it('is readable lines unless LOG_PRETTY=false asks for JSON, and refuses other values', () => {
    // the test runner's output is not a terminal: readable all the same
    expect(loadConfig({}).logPretty).toBe(true);
    expect(loadConfig({ LOG_PRETTY: '' }).logPretty).toBe(true);
    expect(loadConfig({ LOG_PRETTY: 'true' }).logPretty).toBe(true);
    expect(loadConfig({ LOG_PRETTY: 'false' }).logPretty).toBe(false);
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
