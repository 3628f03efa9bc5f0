import { cpSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'tsup';

/**
 * The production build: `dist/main.js`, one ESM bundle of the API and the workspace packages
 * (`@storefront/*`, consumed as TypeScript source), with every npm dependency left external
 * (resolved from node_modules at run time, so each must be a dependency of this package).
 * The drizzle migrations are copied to `dist/drizzle`, where main.ts looks for them, and the
 * embedded database's worker thread (plain JavaScript) next to the chunks that start it.
 */
const migrations = fileURLToPath(new URL('../../packages/db/drizzle', import.meta.url));
const embeddedWorker = fileURLToPath(
  new URL('../../packages/db/src/embedded-worker.mjs', import.meta.url),
);

export default defineConfig({
  entry: { main: 'src/main.ts' },
  outDir: 'dist',
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  bundle: true,
  // Dynamic imports become chunks loaded on first use (the e-mail templates and React: ~40 MB
  // of RSS a process that sends no e-mail never loads).
  splitting: true,
  sourcemap: true,
  clean: true,
  dts: false,
  // JSON data files (i18n-iso-countries' locale) are inlined: an external JSON import would
  // lose its `with { type: 'json' }` attribute.
  noExternal: [/^@storefront\//, /\.json$/],
  // Any other bare specifier (npm packages, node: built-ins) stays an import.
  external: [/^(?!.*\.json$)[^./@]/, /^@(?!storefront\/)(?!.*\.json$)/],
  async onSuccess() {
    cpSync(migrations, fileURLToPath(new URL('./dist/drizzle', import.meta.url)), {
      recursive: true,
    });
    cpSync(embeddedWorker, fileURLToPath(new URL('./dist/embedded-worker.mjs', import.meta.url)));
  },
});
