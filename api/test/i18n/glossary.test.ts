import { GLOSSARY, LANGUAGES, type Language, type Noun, type Term } from '@conveyor/shared';
import { describe, expect, it } from 'vitest';
import { type Catalogue } from '../../../admin/src/i18n/base.ts';
import { en } from '../../../admin/src/i18n/en.ts';
import { ru } from '../../../admin/src/i18n/ru.ts';
import { uz } from '../../../admin/src/i18n/uz.ts';
import { messages, NOUN_LABELS } from '../../../site/src/i18n/ui.ts';

// The site and the back office name the things they both show with one word per language, the
// shared glossary's (shared/src/glossary.ts).

const admin: Record<Language, Catalogue> = { uz, ru, en };

/** The back office's resource of each noun. */
const RESOURCE: Record<Noun, string> = {
  product: 'products',
  category: 'categories',
  project: 'project',
  client: 'clients',
  testimonial: 'testimonials',
  supplier: 'suppliers',
  lead: 'leads',
  document: 'documents',
};

/** Every text of a catalogue, by its key. */
function texts(catalogue: object, prefix = ''): [string, string][] {
  return Object.entries(catalogue).flatMap(([key, value]): [string, string][] =>
    typeof value === 'string'
      ? [[`${prefix}${key}`, value]]
      : value && typeof value === 'object'
        ? texts(value, `${prefix}${key}.`)
        : [],
  );
}

const nouns = Object.keys(RESOURCE) as Noun[];

describe('the glossary', () => {
  for (const lang of LANGUAGES) {
    it(`names each noun alike on the site and in the back office (${lang})`, () => {
      const resources = admin[lang].resources as Record<string, Catalogue>;
      for (const noun of nouns) {
        const term = GLOSSARY[lang][noun];
        // the back office: the resource's name, one and many (its menu item, list and screens)
        expect(resources[RESOURCE[noun]]!.name, `${lang} ${noun}`).toBe(
          `${term.one} |||| ${term.many}`,
        );
      }
      // the site: every label that names a noun (its menu, headings, search results)
      for (const [key, [noun, form]] of Object.entries(NOUN_LABELS)) {
        expect(messages[lang][key as keyof typeof NOUN_LABELS], `${lang} ${key}`).toBe(
          GLOSSARY[lang][noun][form],
        );
      }
    });

    it(`uses none of a noun's other names, on the site or in the back office (${lang})`, () => {
      const found: string[] = [];
      const all = [
        ...texts(messages[lang]).map(([key, text]) => [`site ${key}`, text] as const),
        ...texts(admin[lang]).map(([key, text]) => [`admin ${key}`, text] as const),
      ];
      for (const noun of nouns) {
        const term: Term = GLOSSARY[lang][noun];
        for (const word of term.avoid ?? []) {
          // a whole word, in any case: "Loyihalar", not the verb "loyihalash"
          const pattern = new RegExp(`(?<![\\p{L}ʻʼ])${word}(?![\\p{L}ʻʼ])`, 'iu');
          for (const [where, text] of all) {
            // placeholders (`%{leads}`, `{n}`) are names in the code, not words
            const words = text.replace(/%?\{\w+\}/g, '');
            if (pattern.test(words)) found.push(`${where}: "${word}" in "${text}"`);
          }
        }
      }
      expect(found).toEqual([]);
    });
  }

  it('has a noun for each label the site gives one, and the site labels all but the lead', () => {
    // a visitor leaves a lead in a sentence ("leave a request"); no label of the site names it
    expect(new Set(Object.values(NOUN_LABELS).map(([noun]) => noun))).toEqual(
      new Set(nouns.filter((noun) => noun !== 'lead')),
    );
  });
});
