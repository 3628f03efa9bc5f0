import { defineConfig } from 'tsup';

/*
 * ESM + CJS with declarations for both entries. The declarations need nothing from the server:
 * the router's types are printed in full into src/*.generated.ts by scripts/generate-routes.ts,
 * so there is nothing to inline and `dts.resolve` stays off (turning it on would inline
 * @trpc/server's own types into admin.d.ts instead of referencing the peer dependency).
 */
export default defineConfig({
  entry: { index: 'src/index.ts', admin: 'src/admin.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  platform: 'neutral',
  target: 'es2019',
  sourcemap: true,
  clean: true,
  splitting: false,
  treeshake: true,
  external: ['@trpc/client', '@trpc/server'],
});
