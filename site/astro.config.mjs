import { readFileSync } from 'node:fs';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import { defineConfig } from 'astro/config';
import { incremental, withCarriedPages } from './src/integrations/incremental.ts';
import { plannedPages } from './src/lib/plan.ts';
import { linkedPictures } from './src/integrations/pictures.ts';
import { searchIndex } from './src/integrations/search.ts';
import { buildTimings } from './src/integrations/timings.ts';

const api = new URL(process.env.API_URL ?? 'http://127.0.0.1:8080');
/** Where YouTube videos' thumbnails are fetched from at build time (src/lib/videos.ts). */
const thumbnails = new URL(process.env.YOUTUBE_THUMBNAIL_URL || 'https://i.ytimg.com');

/**
 * The origin the browser posts the public forms to: PUBLIC_API_URL at build time, as
 * src/lib/urls.ts reads it. Unset (or a path) means the site's own origin, the one-port product.
 */
const publicApi = (process.env.PUBLIC_API_URL ?? '').trim();
const publicApiOrigin = URL.canParse(publicApi) ? new URL(publicApi).origin : null;
const selfAndApi = ["'self'", ...(publicApiOrigin ? [publicApiOrigin] : [])].join(' ');

/** src/scripts/prepaint.js as every page inlines it: without its comment lines. */
const prepaint = readFileSync(new URL('./src/scripts/prepaint.js', import.meta.url), 'utf8')
  .replace(/^\s*(?:\/\/.*|\/\*.*\*\/)\n/gm, '')
  .trim();

/**
 * Addresses a sitemap file holds at most (SITEMAP_ENTRY_LIMIT): past it, the sitemap is an index
 * of several files. The protocol allows 50,000 addresses and 50 MB a file; an address here with
 * its three language alternates is under 1 kB, so the library's 45,000 keep a file under both.
 */
const sitemapEntryLimit = Number(process.env.SITEMAP_ENTRY_LIMIT) || 45_000;

/** The pathnames of this build's duplicate pages, known once the pages are built. */
let duplicates = new Set();

// Rebuilding only what changed: pages carried over from the live release (SITE_PREVIOUS).
const { integration: incrementalBuild, state: carried, forget } = incremental();
// Where a build's time goes, in one line of its log.
const timings = buildTimings();
// The search index, from the records pages of the release (rendered or carried over), or the
// live release's when none of them changed; written with the pages when they go live before
// the pictures.
const search = searchIndex(carried);

// Static output only: the site is plain files built from the API (DESIGN section 2).
export default defineConfig({
  output: 'static',
  // Absolute addresses for canonical links, hreflang alternates, Open Graph and the sitemap.
  site: process.env.SITE_URL ?? 'http://localhost:8080',
  // A preview of a draft is served under /preview/<link>/: its scripts, styles and
  // pictures too.
  base: process.env.SITE_BASE || undefined,
  trailingSlash: 'never',
  // Pages render four at a time: one at a time, the build would sit waiting on each page's file
  // write (done off the main thread), where four at a time render other pages meanwhile.
  build: { format: 'directory', concurrency: 4 },
  // No Markdown here; Shiki, its default highlighter, would need inline styles (see below).
  markdown: { syntaxHighlight: false },
  // A Content Security Policy in every page's <meta http-equiv="content-security-policy">, so it
  // holds on any static host as well as on the API's port (which adds, as a header, only what a
  // meta policy cannot say: frame-ancestors; see api/src/plugins/frontends.ts). Astro adds
  // script-src and style-src: 'self' and the sha256 hashes of every inline script and style it
  // emits (its inlined module scripts, the islands' bootstrap and the client:interaction
  // directive, the pre-paint script injected below), and no 'unsafe-inline': an injected inline
  // script or event handler does not run. The pages have no style attributes either (utility
  // classes in global.css instead), so styles need no 'unsafe-inline'; Swiper and the header
  // set styles through the DOM (element.style), which a policy does not restrict.
  // JSON-LD blocks are data, not scripts: no policy applies to them.
  security: {
    csp: {
      algorithm: 'SHA-256',
      directives: [
        "default-src 'self'",
        // the forms post JSON to the API, which may be on another origin (PUBLIC_API_URL)
        `connect-src ${selfAndApi}`,
        // pictures are re-encoded into the release, but uploads may live on another host
        `img-src ${selfAndApi} data: https:`,
        // the map embed (its address comes from staff, in settings) and youtube-nocookie players
        'frame-src https:',
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
      ],
    },
  },
  // Kept between builds (and between releases of the publishing runner): transformed images are
  // cached here, so a rebuild does not re-encode pictures that did not change.
  cacheDir: '../.cache/astro',
  vite: { cacheDir: '../.cache/vite-site' },
  image: {
    // Pictures come from the API's /uploads (and videos' thumbnails from YouTube) at build time
    // and are re-encoded into the release.
    remotePatterns: [api, thumbnails].map((url) => ({
      protocol: url.protocol.replace(':', ''),
      hostname: url.hostname,
    })),
    service: {
      entrypoint: 'astro/assets/services/sharp',
      // Encoding is most of a first build's time, so the encoders trade a little size for a lot
      // of speed:
      // - AVIF at its lowest effort: its default costs several times the time for a few per cent
      //   of bytes; and chroma at half resolution (4:2:0, as JPEG and WebP always have it;
      //   sharp's AVIF default is 4:4:4), both faster and smaller.
      // - WebP, the fallback of the few browsers without AVIF, at effort 2 rather than sharp's
      //   default 4: a file encoded in much less time for a few per cent of bytes.
      config: {
        avif: { effort: 1, chromaSubsampling: '4:2:0' },
        webp: { effort: 2 },
        limitInputPixels: 50_000_000,
      },
    },
  },
  integrations: [
    timings.first,
    react(),
    {
      name: 'conveyor:client-interaction',
      hooks: {
        'astro:config:setup': ({ addClientDirective }) =>
          addClientDirective({
            name: 'interaction',
            entrypoint: './src/directives/interaction.ts',
          }),
      },
    },
    {
      // The theme and the stored language before paint. Injected rather than written in the
      // layout as <script is:inline>: Astro hashes injected scripts into the page's policy (it
      // does not hash is:inline ones), and renders them after the policy's <meta>, so the
      // policy covers them too.
      name: 'conveyor:prepaint',
      hooks: {
        'astro:config:setup': ({ injectScript }) => injectScript('head-inline', prepaint),
      },
    },
    incrementalBuild,
    // cached pictures go into the release as hard links, not copies; a release live before its
    // pictures gets its search index before it is announced
    linkedPictures({ withPages: search.withPages }),
    search.integration,
    // The pages of a record in a language it has no text of its own in (src/lib/plan.ts) are
    // no versions of it: not in the sitemap, so not among its entries' language alternates
    {
      name: 'conveyor:duplicates',
      hooks: {
        'astro:build:done': async () => {
          duplicates = new Set(
            (await plannedPages()).filter((page) => page.duplicate).map((page) => page.pathname),
          );
        },
      },
    },
    // every page of the release, the carried-over ones too
    withCarriedPages(
      sitemap({
        entryLimit: sitemapEntryLimit,
        i18n: { defaultLocale: 'ru', locales: { ru: 'ru', uz: 'uz', en: 'en' } },
        filter: (page) =>
          !/\/(404|search|search\/records)\/?$/.test(page) &&
          // data files: the comparison's and the category filters' (compare/[id].json.ts, …)
          !/\.json\/?$/.test(page) &&
          !duplicates.has(new URL(page).pathname.replace(/(.)\/$/, '$1')),
      }),
      carried,
    ),
    timings.last,
    {
      // Last: what this configuration's integrations hold of the build is let go (see
      // incremental's `forget`), and the address of every page Astro wrote, one URL object
      // each (`assets`, its routes' own lists), which its modules of this build keep for the
      // life of the warm worker.
      name: 'conveyor:build-end',
      hooks: {
        'astro:build:done': ({ assets }) => {
          forget();
          duplicates = new Set();
          for (const written of assets.values()) written.length = 0;
        },
      },
    },
  ],
});
