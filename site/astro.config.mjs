import { defineConfig } from 'astro/config';

// Static output only: the site is plain files built from the API.
export default defineConfig({
  output: 'static',
  cacheDir: '../.cache/astro',
  vite: { cacheDir: '../.cache/vite-site' },
});
