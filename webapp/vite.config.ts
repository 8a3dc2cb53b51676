/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { localIconSheet } from './plugins/local-icon-sheet';

// The app is served under /app/ (assets at /app/assets/...); the server answers every SPA path
// (/admin..., /user..., /404, /401) with dist/index.html. The dev server serves from / so that
// http://localhost:5173/admin works like production.
export default defineConfig(({ command }) => ({
  base: command === 'build' ? '/app/' : '/',
  plugins: [react(), localIconSheet(import.meta.dirname)],
  server: {
    proxy: {
      '/srv': 'http://127.0.0.1:8000',
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json lets scripts/bundle-size.mjs measure what each page loads.
    manifest: true,
    chunkSizeWarningLimit: 600,
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/testing/setup.ts'],
    css: false,
    restoreMocks: true,
    // The first antd render of a worker is slow on a busy two-core machine (CI runs the suites there).
    testTimeout: 30_000,
  },
}));
