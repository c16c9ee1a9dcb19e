// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { LANDING_KEY, landingOf, rememberLanding, visitContext } from '../src/lib/visit.ts';

afterEach(() => sessionStorage.clear());

describe("the visit's landing", () => {
  it('reads the UTM parameters and keeps only an external referrer', () => {
    expect(
      landingOf(
        'https://conveyor.uz/en/catalog/1?utm_source=x&utm_campaign=y&other=1',
        'https://google.com/search?q=conveyor',
      ),
    ).toEqual({
      referrer: 'https://google.com/search?q=conveyor',
      utm_source: 'x',
      utm_medium: '',
      utm_campaign: 'y',
      utm_term: '',
      utm_content: '',
    });
    expect(landingOf('https://conveyor.uz/about', 'https://conveyor.uz/').referrer).toBe('');
    expect(landingOf('https://conveyor.uz/about', 'not a url').referrer).toBe('');
  });

  it('cuts values to what the API takes', () => {
    const long = 'x'.repeat(300);
    expect(landingOf(`https://conveyor.uz/?utm_term=${long}`, '').utm_term).toHaveLength(200);
  });

  it('is the first page of the visit: later pages do not overwrite it', () => {
    history.replaceState(null, '', '/en?utm_source=x&utm_campaign=y');
    rememberLanding();
    history.replaceState(null, '', '/en/contacts?utm_source=later');
    rememberLanding();
    expect(JSON.parse(sessionStorage.getItem(LANDING_KEY)!)).toMatchObject({
      utm_source: 'x',
      utm_campaign: 'y',
    });
    expect(visitContext('en')).toMatchObject({
      page: '/en/contacts',
      language: 'en',
      utm_source: 'x',
      utm_campaign: 'y',
      utm_medium: '',
    });
  });

  it('falls back to the current page when nothing was stored', () => {
    history.replaceState(null, '', '/uz/about?utm_medium=cpc');
    expect(visitContext('uz')).toMatchObject({ page: '/uz/about', utm_medium: 'cpc' });
  });
});
