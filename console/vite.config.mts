import path from 'node:path';
import { defineConfig } from 'vite';

/**
 * The console is built into console/dist (git-ignored) and served by the api under /console/
 * (api/console-static.ts). Everything is bundled: no CDN, works offline. The routing-policy schema
 * is imported from domain/routing/policy.ts, so the JSON editor validates with the api's own zod.
 */
export default defineConfig({
  root: import.meta.dirname,
  base: '/console/',
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: path.join(import.meta.dirname, "dist"),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    chunkSizeWarningLimit: 600,
  },
  server: {
    // `npx vite console` for working on the console: API calls go to a running api (npm start).
    proxy: { '/api': process.env.GATEHOUSE_API_URL ?? 'http://127.0.0.1:3000' },
  },
});
