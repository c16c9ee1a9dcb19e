import { describe, expect, it } from 'vitest';
import { languagePaths, perLanguage, recordPaths } from '../src/lib/staticPaths.ts';

describe('static paths', () => {
  it('build a page once per language, Russian without a prefix', () => {
    expect(languagePaths()).toEqual([
      { params: { lang: undefined }, props: { lang: 'ru' } },
      { params: { lang: 'uz' }, props: { lang: 'uz' } },
      { params: { lang: 'en' }, props: { lang: 'en' } },
    ]);
  });

  it('build a record page per language and record, the record as the named prop', () => {
    const projects = [{ id: 3 }, { id: 7 }];
    expect(recordPaths('project', projects)).toEqual([
      { params: { lang: undefined, id: '3' }, props: { lang: 'ru', project: { id: 3 } } },
      { params: { lang: undefined, id: '7' }, props: { lang: 'ru', project: { id: 7 } } },
      { params: { lang: 'uz', id: '3' }, props: { lang: 'uz', project: { id: 3 } } },
      { params: { lang: 'uz', id: '7' }, props: { lang: 'uz', project: { id: 7 } } },
      { params: { lang: 'en', id: '3' }, props: { lang: 'en', project: { id: 3 } } },
      { params: { lang: 'en', id: '7' }, props: { lang: 'en', project: { id: 7 } } },
    ]);
  });

  it('take a subset of the languages (the prefixed 404 pages)', () => {
    expect(perLanguage([{ params: {}, props: {} }], ['en'])).toEqual([
      { params: { lang: 'en' }, props: { lang: 'en' } },
    ]);
  });
});
