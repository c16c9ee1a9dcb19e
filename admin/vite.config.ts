import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** In development, /auth/login (the spec's sign-in path, outside /admin/) opens the admin too. */
const signInPath: Plugin = {
  name: 'conveyor-sign-in-path',
  configureServer(server) {
    server.middlewares.use((request, _response, next) => {
      if (request.url === '/auth/login' || request.url?.startsWith('/auth/login?')) {
        request.url = '/admin/';
      }
      next();
    });
  },
};

// The admin is served under /admin by the API server; in development Vite serves it and
// forwards /api and /uploads to the API.
export default defineConfig({
  base: '/admin/',
  cacheDir: '../.cache/vite-admin',
  plugins: [react(), signInPath],
  resolve: {
    // the browser's own Object.entries for node-polyglot's polyfill (shims/objectEntries.cjs)
    alias: { 'object.entries': fileURLToPath(new URL('shims/objectEntries.cjs', import.meta.url)) },
  },
  build: {
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What the first screen (the sign-in screen) needs in one file beside the entry, not
          // in the dozen small chunks it shares with the admin's lazy screens: fewer requests
          // before it is drawn, and one gzip stream (8 kB less). The rest splits as usual.
          groups: [{ name: 'index', tags: ['$initial'] }],
        },
      },
    },
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: {
      '/api': 'http://127.0.0.1:8080',
      '/uploads': 'http://127.0.0.1:8080',
    },
  },
});
