import * as shared from '@conveyor/shared';
import { misspeltApostrophes } from '@conveyor/shared';
import { describe, expect, it } from 'vitest';
import { english } from '../../../admin/src/i18n/base.ts';
import { en as adminEn } from '../../../admin/src/i18n/en.ts';
import { i18nProvider } from '../../../admin/src/i18n/index.ts';
import { ru as adminRu } from '../../../admin/src/i18n/ru.ts';
import { uz as signInUz } from '../../../admin/src/i18n/signInUz.ts';
import { uz as adminUz } from '../../../admin/src/i18n/uz.ts';
import { messages as siteMessages } from '../../../site/src/i18n/ui.ts';
import * as demoCatalogue from '../../src/db/seed/catalogue.ts';
import * as demoContent from '../../src/db/seed/content.ts';
import * as demoDocuments from '../../src/db/seed/documents.ts';
import { NOTIFICATION_LABELS } from '../../src/notify/message.ts';

// Every Uzbek text of the interface and the demo writes its apostrophes one way: ʻ (U+02BB) in
// oʻ and gʻ, ʼ (U+02BC) for the glottal stop (shared/src/uzbek.ts). The catalogues are read as
// the programs read them; a new catalogue belongs in the list below.

type Texts = Map<string, string>;

/** Every string of a value, by its path (functions and the like are no texts). */
function allStrings(value: unknown, path: string, into: Texts): Texts {
  if (typeof value === 'string') into.set(path, value);
  else if (Array.isArray(value))
    value.forEach((item, i) => allStrings(item, `${path}[${i}]`, into));
  else if (
    value &&
    typeof value === 'object' &&
    Object.getPrototypeOf(value) === Object.prototype
  ) {
    for (const [key, item] of Object.entries(value)) allStrings(item, `${path}.${key}`, into);
  }
  return into;
}

const isUzbekKey = (key: string) => key === 'uz' || key.endsWith('_uz');

/**
 * The Uzbek strings of a value: those under a key `uz` or `…_uz` (`{ ru, uz, en }`,
 * `name_uz`), and every string of a record written in Uzbek (`language: 'uz'`).
 */
function uzbekStrings(value: unknown, path: string, into: Texts = new Map()): Texts {
  if (Array.isArray(value)) value.forEach((item, i) => uzbekStrings(item, `${path}[${i}]`, into));
  else if (
    value &&
    typeof value === 'object' &&
    Object.getPrototypeOf(value) === Object.prototype
  ) {
    const record = value as Record<string, unknown>;
    if (record.language === 'uz') return allStrings(record, path, into);
    for (const [key, item] of Object.entries(record)) {
      if (isUzbekKey(key)) allStrings(item, `${path}.${key}`, into);
      else uzbekStrings(item, `${path}.${key}`, into);
    }
  }
  return into;
}

/** The admin's Uzbek catalogue without react-admin's English texts it keeps where untranslated. */
function adminUzbek(): Texts {
  const base = allStrings(english, 'uz', new Map());
  const own = allStrings(adminUz, 'uz', new Map());
  for (const [path, text] of base) if (own.get(path) === text) own.delete(path);
  return own;
}

/** Every Uzbek text of the interface and the demo, by where it is. */
const SOURCES: Record<string, Texts> = {
  'site/src/i18n/ui.ts': allStrings(siteMessages.uz, 'uz', new Map()),
  'admin/src/i18n/uz.ts': adminUzbek(),
  'admin/src/i18n/signInUz.ts': allStrings(signInUz, 'uz', new Map()),
  // the name of the language in the others' menus, and the switcher's
  'admin/src/i18n/ru.ts': uzbekStrings(adminRu, 'ru'),
  'admin/src/i18n/en.ts': uzbekStrings(adminEn, 'en'),
  'admin/src/i18n/index.ts': allStrings(
    i18nProvider.getLocales?.().filter((locale) => locale.locale === 'uz'),
    'locales',
    new Map(),
  ),
  '@conveyor/shared': uzbekStrings({ ...shared }, 'shared'),
  'api/src/notify/message.ts': allStrings(NOTIFICATION_LABELS.uz, 'uz', new Map()),
  'api/src/db/seed': uzbekStrings({ ...demoCatalogue, ...demoContent, ...demoDocuments }, 'seed'),
};

describe('Uzbek texts', () => {
  it('are read from every catalogue and the demo', () => {
    // a source that yields nothing would be a test of nothing
    for (const [source, texts] of Object.entries(SOURCES)) {
      expect(texts.size, source).toBeGreaterThan(0);
    }
    // the catalogues the issue found three spellings in
    expect(SOURCES['site/src/i18n/ui.ts']!.get('uz.quote_button')).toBe('Narxini soʻrash');
    expect(SOURCES['@conveyor/shared']!.size).toBeGreaterThan(10);
  });

  for (const [source, texts] of Object.entries(SOURCES)) {
    it(`write oʻ, gʻ and the glottal stop one way: ${source}`, () => {
      const wrong = [...texts]
        .map(([path, text]) => [path, misspeltApostrophes(text).join(' ')] as const)
        .filter(([, words]) => words !== '');
      // each entry: where, and the words to write with ʻ (oʻ, gʻ) or ʼ (maʼlumot)
      expect(Object.fromEntries(wrong)).toEqual({});
    });
  }
});
