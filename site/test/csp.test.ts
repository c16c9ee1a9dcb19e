import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The pages' Content Security Policy (astro.config.mjs) lists the hashes of the inline scripts
// and styles Astro emits and allows no 'unsafe-inline': markup Astro does not hash would be
// blocked in the browser. The e2e tests watch a few pages for violations; this looks at all of
// the source.

const SRC = join(import.meta.dirname, '..', 'src');
const files = (readdirSync(SRC, { recursive: true }) as string[])
  .filter((file) => /\.(astro|tsx)$/.test(file))
  .map((file) => ({ file, text: readFileSync(join(SRC, file), 'utf8') }));

describe('markup the Content Security Policy would block', () => {
  it('finds the components to look at', () => {
    expect(files.length).toBeGreaterThan(20);
  });

  it('has no style attributes (a class in global.css instead)', () => {
    // an Astro style="…" or style={…}, and a React style prop, which server rendering turns
    // into an attribute
    const found = files.filter(({ text }) => /\sstyle=["'{]/.test(text)).map(({ file }) => file);
    expect(found).toEqual([]);
  });

  it('has no unhashed inline scripts or inline event handlers', () => {
    // is:inline scripts are left out of Astro's hashes (JSON-LD is data, not a script), and
    // define:vars makes inline scripts or style attributes
    const inline = /<script\b(?![^>]*application\/ld\+json)[^>]*is:inline|define:vars/;
    const handler = /\son[a-z]+=["']/;
    const found = files
      .filter(({ text }) => inline.test(text) || handler.test(text))
      .map(({ file }) => file);
    expect(found).toEqual([]);
  });
});
