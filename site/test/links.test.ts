import { describe, expect, it } from 'vitest';
import { httpLink, mapLink } from '../src/lib/links.ts';

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

describe('mapLink', () => {
  const address = 'Ташкент, ул. Авиасозлар, 22';
  const search = (query: string) =>
    `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;

  it('opens the point of an OpenStreetMap embed on OpenStreetMap', () => {
    expect(
      mapLink(
        'https://www.openstreetmap.org/export/embed.html?bbox=69.30%2C41.28%2C69.36%2C41.31&layer=mapnik&marker=41.295%2C69.33',
        address,
      ),
    ).toBe('https://www.openstreetmap.org/?mlat=41.295&mlon=69.33#map=16/41.295/69.33');
  });

  it("reads a Yandex widget's point, longitude first", () => {
    expect(
      mapLink(
        'https://yandex.uz/map-widget/v1/?ll=69.33%2C41.295&pt=69.331,41.296,pm2rdm&z=16',
        address,
      ),
    ).toBe(search('41.296,69.331'));
    expect(mapLink('https://yandex.ru/map-widget/v1/?ll=69.33,41.295&z=16', address)).toBe(
      search('41.295,69.33'),
    );
  });

  it("reads a Google embed's point", () => {
    expect(
      mapLink(
        'https://www.google.com/maps/embed?pb=!1m18!1m12!1m3!1d2996.4!2d69.33!3d41.295!2m3!1f0',
        address,
      ),
    ).toBe(search('41.295,69.33'));
  });

  it('searches for the address when the embed has no point', () => {
    expect(mapLink('https://maps.example.uz/embed?id=5', address)).toBe(search(address));
    expect(mapLink('https://www.openstreetmap.org/export/embed.html', address)).toBe(
      search(address),
    );
    expect(mapLink('javascript:alert(1)', address)).toBe(search(address));
    expect(mapLink(null, address)).toBe(search(address));
  });

  it('has nothing to open without a point or an address', () => {
    expect(mapLink(null, '  ')).toBeNull();
    expect(mapLink('https://maps.example.uz/embed?id=5', '')).toBeNull();
  });
});
