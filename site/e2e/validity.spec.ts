import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { type ConfigData, HtmlValidate } from 'html-validate';
import { comparePath, LANGS, localized, pageTypes } from './helpers.ts';

// The built pages are valid HTML: html-validate's recommended rules on one page of each type in
// each language, as the e2e server published them (no build of its own, no browser). The
// config (site/.htmlvalidate.json, also what `pnpm exec html-validate <files>` reads) turns off
// only what is not a matter of validity or accessibility:
// - attr-case, attribute-boolean-style, void-style: how React writes the forms' markup
//   (maxLength, required="", <input/>), the same HTML to a browser;
// - no-redundant-role: role="list" on the lists drawn without bullets, on purpose (Safari's
//   VoiceOver no longer announces a list styled list-style: none);
// - long-title: a search engine's advice on the length of a title, which is the record's name;
// and form-dup-name lets checkboxes share a name, as radios do: a filter's options are one
// group, read with FormData's getAll.
const config = JSON.parse(
  readFileSync(new URL('../.htmlvalidate.json', import.meta.url), 'utf8'),
) as ConfigData;

// A test per language: all three in one outlasted its time on a slow machine.
for (const [lang, prefix] of LANGS) {
  test(`one page of each type validates in ${lang} (html-validate), and leads to no broken link`, async ({
    request,
  }) => {
    test.setTimeout(60_000);
    const validator = new HtmlValidate(config);
    const types: Record<string, string> = {
      ...(await pageTypes(request)),
      privacy: '/privacy',
      compare: await comparePath(request),
      search: '/search',
      'not found': '/no/such/page',
    };
    const problems: string[] = [];
    const links = new Map<string, string>();
    for (const [type, path] of Object.entries(types)) {
      const url = localized(prefix, path);
      const reply = await request.get(url);
      expect(reply.status(), url).toBe(type === 'not found' ? 404 : 200);
      const html = await reply.text();
      const report = await validator.validateString(html, url);
      // the site's own addresses this page leads to (links, pictures, scripts, styles)
      for (const [, link] of html.matchAll(/(?:href|src)="(\/(?!\/)[^"#]*)/g)) {
        if (!links.has(link!)) links.set(link!, url);
      }
      for (const { messages } of report.results) {
        for (const message of messages) {
          problems.push(
            `${url}:${message.line}:${message.column} ${message.ruleId}: ${message.message}`,
          );
        }
      }
    }
    expect(problems).toEqual([]);
    // and none of their links is broken
    expect(links.size).toBeGreaterThan(100);
    const broken: string[] = [];
    for (const [link, from] of links) {
      const status = (await request.head(link, { maxRedirects: 0 })).status();
      if (status !== 200) broken.push(`${link} (${status}, on ${from})`);
    }
    expect(broken).toEqual([]);
  });
}
