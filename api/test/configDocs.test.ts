import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configSchema, REPO_ROOT } from '../src/config.ts';

// The configuration schema, docs/configuration.md's tables and .env.example name the same variables, and
// every documented variable the API does not read is read by some other part of the product.

const readme = readFileSync(join(REPO_ROOT, 'docs', 'configuration.md'), 'utf8');
const envExample = readFileSync(join(REPO_ROOT, '.env.example'), 'utf8');

const inReadme = new Set([...readme.matchAll(/^\| `([A-Z][A-Z0-9_]+)`/gm)].map((m) => m[1]!));
const inEnvExample = new Set([...envExample.matchAll(/^([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]!));
const inSchema = Object.keys(configSchema.properties);

describe('configuration documentation', () => {
  it('finds the variables in each place', () => {
    expect(inReadme.size).toBeGreaterThan(40);
    expect(inEnvExample.size).toBeGreaterThan(40);
  });

  it('documents every setting of the API in docs/configuration.md and .env.example', () => {
    expect(inSchema.filter((name) => !inReadme.has(name))).toEqual([]);
    expect(inSchema.filter((name) => !inEnvExample.has(name))).toEqual([]);
  });

  it('lists the same variables in docs/configuration.md and .env.example', () => {
    expect([...inReadme].filter((name) => !inEnvExample.has(name))).toEqual([]);
    expect([...inEnvExample].filter((name) => !inReadme.has(name))).toEqual([]);
  });

  it('documents no variable that nothing reads', () => {
    const others = [...inReadme].filter((name) => !inSchema.includes(name));
    const readBySomething = (name: string) => {
      try {
        // git grep exits 1 when it finds nothing
        execFileSync(
          'git',
          ['grep', '-q', '-E', `(env\\.|env\\[')${name}\\b`, '--', ':!*.md', ':!.env.example'],
          { cwd: REPO_ROOT },
        );
        return true;
      } catch {
        return false;
      }
    };
    expect(readBySomething('PUBLIC_API_URL')).toBe(true);
    expect(readBySomething('NO_SUCH_VARIABLE_ANYWHERE')).toBe(false);
    const unread = others.filter((name) => !readBySomething(name));
    expect(unread).toEqual([]);
  });
});
