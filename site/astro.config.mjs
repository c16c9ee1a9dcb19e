import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import { defineConfig } from 'astro/config';

const api = new URL(process.env.API_URL ?? 'http://127.0.0.1:8080');

// Static output only: the site is plain files built from the API (DESIGN section 2).
export default defineConfig({
  output: 'static',
  // Absolute addresses for canonical links, hreflang alternates, Open Graph and the sitemap.
  site: process.env.SITE_URL ?? 'http://localhost:8080',
  trailingSlash: 'never',
  build: { format: 'directory' },
  // Kept between builds (and between releases of the publishing runner): transformed images are
  // cached here, so a rebuild does not re-encode pictures that did not change.
  cacheDir: '../.cache/astro',
  vite: { cacheDir: '../.cache/vite-site' },
  image: {
    // Pictures come from the API's /uploads at build time and are re-encoded into the release.
    remotePatterns: [{ protocol: api.protocol.replace(':', ''), hostname: api.hostname }],
    service: {
      entrypoint: 'astro/assets/services/sharp',
      // AVIF's default effort costs ~5x the time for a few per cent of bytes on these pictures.
      config: { avif: { effort: 1 }, limitInputPixels: 50_000_000 },
    },
  },
  integrations: [
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
    sitemap({
      i18n: { defaultLocale: 'ru', locales: { ru: 'ru', uz: 'uz', en: 'en' } },
      filter: (page) => !/\/404\/?$/.test(page),
    }),
  ],
});
