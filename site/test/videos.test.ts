import { describe, expect, it } from 'vitest';
import { youtubeEmbed, youtubeId, youtubeThumbnail } from '../src/lib/videos.ts';

describe('YouTube links', () => {
  it.each([
    'https://www.youtube.com/watch?v=Q3kT9mN2xLw',
    'https://m.youtube.com/watch?v=Q3kT9mN2xLw&t=10s',
    'https://youtu.be/Q3kT9mN2xLw',
    'https://www.youtube.com/shorts/Q3kT9mN2xLw',
    'https://www.youtube.com/live/Q3kT9mN2xLw?si=x',
    'https://www.youtube-nocookie.com/embed/Q3kT9mN2xLw',
  ])('finds the id of %s', (link) => {
    expect(youtubeId(link)).toBe('Q3kT9mN2xLw');
  });

  it.each([
    'https://vimeo.com/123456',
    'https://www.youtube.com/watch?v=<script>',
    'https://www.youtube.com/',
    'not a link',
  ])('finds no id in %s', (link) => {
    expect(youtubeId(link)).toBeNull();
  });

  it('embeds without cookies and takes the thumbnail from the given host', () => {
    expect(youtubeEmbed('Q3kT9mN2xLw')).toBe(
      'https://www.youtube-nocookie.com/embed/Q3kT9mN2xLw?autoplay=1&rel=0',
    );
    expect(youtubeThumbnail('Q3kT9mN2xLw')).toBe(
      'https://i.ytimg.com/vi/Q3kT9mN2xLw/hqdefault.jpg',
    );
    expect(youtubeThumbnail('Q3kT9mN2xLw', 'http://127.0.0.1:9000')).toBe(
      'http://127.0.0.1:9000/vi/Q3kT9mN2xLw/hqdefault.jpg',
    );
  });
});
