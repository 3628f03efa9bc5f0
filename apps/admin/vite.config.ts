import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/** Where `pnpm dev` sends /trpc and /uploads: the API the same command starts (PORT 8000). */
const devApi = 'http://localhost:8000';

/**
 * The panel is served by the API at /admin (same origin as /trpc: no CORS). In development Vite
 * serves it and proxies the API's paths (docs/admin-panel.md).
 */
export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/trpc': devApi, '/api': devApi, '/uploads': devApi },
  },
  build: {
    // One entry chunk is the point (a back office loads it once); the budget is 350 kB gzipped,
    // checked by test/bundle.test.ts.
    chunkSizeWarningLimit: 1200,
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
  },
  test: {
    environment: 'happy-dom',
    setupFiles: ['./test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.ts'],
  },
});
