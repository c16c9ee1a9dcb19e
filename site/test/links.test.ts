import { describe, expect, it } from 'vitest';
import { httpLink } from '../src/lib/links.ts';

describe('httpLink', () => {
  it.each(['https://www.youtube.com/watch?v=x', 'http://example.uz/a?b=c'])('keeps %s', (url) => {
    expect(httpLink(url)).toBe(url);
  });

  it.each([
    'javascript:alert(1)',
    ' JavaScript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'ftp://example.uz/file',
    '/relative/path',
    '',
    null,
    undefined,
  ])('refuses %j', (url) => {
    expect(httpLink(url)).toBeNull();
  });
});
