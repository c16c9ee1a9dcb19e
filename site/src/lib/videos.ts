/**
 * Where the build fetches a YouTube video's thumbnail from (YOUTUBE_THUMBNAIL_URL at build
 * time; tests point it at a local server). The picture is re-encoded into the release like the
 * uploads, so visitors' browsers never ask YouTube for it.
 */
export const YOUTUBE_THUMBNAIL_URL = (
  process.env.YOUTUBE_THUMBNAIL_URL || 'https://i.ytimg.com'
).replace(/\/+$/, '');

/** The id of a YouTube link (watch, short, live, youtu.be or embed), else null. */
export function youtubeId(link: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(link);
  } catch {
    return null;
  }
  const host = parsed.hostname.replace(/^(www|m)\./, '');
  let id: string | null = null;
  if (host === 'youtu.be') id = parsed.pathname.slice(1);
  else if (host.endsWith('youtube.com') || host.endsWith('youtube-nocookie.com')) {
    id =
      parsed.searchParams.get('v') ??
      /\/(?:embed|shorts|live)\/([^/?]+)/.exec(parsed.pathname)?.[1] ??
      null;
  }
  return id && /^[\w-]{6,20}$/.test(id) ? id : null;
}

/** The player of a YouTube video, without YouTube's cookies, started by the click that asked. */
export const youtubeEmbed = (id: string) =>
  `https://www.youtube-nocookie.com/embed/${id}?autoplay=1&rel=0`;

/** The address of a video's thumbnail (480 × 360, every video has one). */
export const youtubeThumbnail = (id: string, base = YOUTUBE_THUMBNAIL_URL) =>
  `${base}/vi/${id}/hqdefault.jpg`;
