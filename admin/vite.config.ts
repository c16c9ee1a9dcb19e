import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The admin is served under /admin by the API server; in development Vite serves it and
// forwards /api and /uploads to the API.
export default defineConfig({
  base: '/admin/',
  cacheDir: '../.cache/vite-admin',
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://127.0.0.1:8080',
      '/uploads': 'http://127.0.0.1:8080',
    },
  },
});
