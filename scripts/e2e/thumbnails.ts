import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local stand-in for YouTube's thumbnail host (YOUTUBE_THUMBNAIL_URL): the browser tests'
// builds fetch videos' thumbnails from it, as a build with network fetches them from i.ytimg.com.

/** The one video the stand-in has no thumbnail for: its box keeps the plain gradient. */
export const MISSING_THUMBNAIL = 'Q3kT9mN2xLw';

/** Serves /vi/<id>/hqdefault.jpg, a 480 × 360 JPEG like YouTube's, for every id but one. */
export async function startThumbnails() {
  const { jpeg } = await import('@conveyor/api/testing');
  const picture = await jpeg(480, 360);
  const server = createServer((request, response) => {
    const id = /^\/vi\/([\w-]+)\/hqdefault\.jpg$/.exec(request.url ?? '')?.[1];
    if (request.method !== 'GET' || !id || id === MISSING_THUMBNAIL) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': picture.length });
    response.end(picture);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
