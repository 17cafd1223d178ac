import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/vite-precompress.ts';

// `npm run dev` talks to the real API server (npm run server) through this proxy;
// `npm run demo` needs none: msw answers in the browser.
const api = process.env.PM_API_TARGET ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  server: {
    host: '127.0.0.1',
    proxy: { '/api': api, '/health': api },
  },
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 600,
  },
});
