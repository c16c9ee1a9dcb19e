/**
 * A link from the content as an href, or null: only http(s) links are rendered, so no other
 * scheme (javascript:, data:, vbscript:) reaches an anchor even if one got into the data.
 */
export function httpLink(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    return ['http:', 'https:'].includes(new URL(url).protocol) ? url : null;
  } catch {
    return null;
  }
}

const COORDINATE = /^-?\d{1,3}(?:\.\d+)?$/;
/** "lat,lng" when both are coordinates, else null. */
function latLng(lat: string | undefined, lng: string | undefined): string | null {
  return lat && lng && COORDINATE.test(lat) && COORDINATE.test(lng) ? `${lat},${lng}` : null;
}

/**
 * A link that opens the company's place in a map (site or app), for when the embedded map cannot
 * show: the point of the embed when its address has one (OpenStreetMap's marker, Yandex's pt or
 * ll, Google's !3d…!2d…), else a search for the postal address; null when there is neither.
 */
export function mapLink(embed: string | null | undefined, address: string): string | null {
  let point: string | null = null;
  const url = httpLink(embed);
  if (url) {
    const parsed = new URL(url);
    const query = parsed.searchParams;
    if (parsed.hostname.endsWith('openstreetmap.org')) {
      const [lat, lng] = (query.get('marker') ?? '').split(',');
      if (latLng(lat, lng)) {
        return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=16/${lat}/${lng}`;
      }
    } else if (/(^|\.)yandex\.[a-z]+$/.test(parsed.hostname)) {
      // Yandex writes the longitude first; pt may hold several points (~) and a style
      const [lng, lat] = (query.get('pt') ?? query.get('ll') ?? '').split('~')[0]!.split(',');
      point = latLng(lat, lng);
    } else if (/(^|\.)google\.[a-z.]+$/.test(parsed.hostname)) {
      // the embed's pb parameter: !2d is the longitude, !3d the latitude
      point = latLng(/!3d(-?[\d.]+)/.exec(url)?.[1], /!2d(-?[\d.]+)/.exec(url)?.[1]);
    }
  }
  const query = point ?? address.trim();
  return query
    ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`
    : null;
}
