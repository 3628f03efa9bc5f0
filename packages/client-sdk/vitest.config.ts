import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The database for createTestApp, then one tsup build for the bundle checks.
    globalSetup: ['../../packages/db/testing/global-setup.ts', './test/build-once.ts'],
    include: ['test/**/*.test.ts'],
    // Type-level tests (`*.test-d.ts`) are checked by tsc as part of `vitest run`.
    typecheck: {
      enabled: true,
      include: ['test/**/*.test-d.ts'],
      tsconfig: './tsconfig.typetest.json',
    },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
