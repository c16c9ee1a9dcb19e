import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

// Astro imports the config with Node itself when it can, and otherwise starts a Vite server just
// to load it, at every build: most of a second of each warm rebuild. Node loads TypeScript by
// stripping the types, which some syntax (parameter properties, enums) does not survive; this
// holds the config and every module it imports to what Node loads.
describe('the site’s config', () => {
  it('loads in plain Node, without a bundler', async () => {
    const config = fileURLToPath(new URL('../astro.config.mjs', import.meta.url));
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const { default: config } = await import(${JSON.stringify(config)});` +
          `console.log(config.integrations.map((i) => i.name).join(','));`,
      ],
      { env: { ...process.env, NODE_OPTIONS: '' } },
    );
    expect(stdout).toContain('conveyor:incremental');
    expect(stdout).toContain('conveyor:linked-pictures');
  });
});
