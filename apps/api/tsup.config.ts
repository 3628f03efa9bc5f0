import { cpSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'tsup';

/**
 * The production build: `dist/main.js` (the API) and `dist/workers.js` (the job workers' own
 * process, docs/deploying.md), ESM bundles of the app and the workspace packages
 * (`@storefront/*`, consumed as TypeScript source), with every npm dependency left external
 * (resolved from node_modules at run time, so each must be a dependency of this package).
 * The drizzle migrations are copied to `dist/drizzle`, where startup.ts looks for them, and the
 * embedded database's worker thread (plain JavaScript) next to the chunks that start it.
 */
const migrations = fileURLToPath(new URL('../../packages/db/drizzle', import.meta.url));
const embeddedWorker = fileURLToPath(
  new URL('../../packages/db/src/embedded-worker.mjs', import.meta.url),
);

/**
 * `--out-dir` moves the whole build (`pnpm start:workers` builds into `dist-workers/`, so starting
 * the workers never cleans `dist/` under a running API, nor the reverse).
 */
export default defineConfig((cli) => {
  const outDir = cli.outDir ?? 'dist';
  const into = (name: string) => fileURLToPath(new URL(`./${outDir}/${name}`, import.meta.url));
  return {
    entry: { main: 'src/main.ts', workers: 'src/workers.ts' },
    outDir,
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
      cpSync(migrations, into('drizzle'), { recursive: true });
      cpSync(embeddedWorker, into('embedded-worker.mjs'));
    },
  };
});
