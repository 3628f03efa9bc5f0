import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globalSetup: ['../../packages/db/testing/global-setup.ts'],
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // The UploadThing SDK warns about its own deprecated getters whenever its result object is
    // read whole; our adapter reads only ufsUrl. Everything else a test prints stays visible.
    onConsoleLog: (log) => !log.includes('[uploadthing][deprecated]'),
  },
});
