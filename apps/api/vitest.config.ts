import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globalSetup: ['../../packages/db/testing/global-setup.ts'],
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Two files at a time even on a 2-core machine (vitest's default there is one): most of a
    // file's time waits on its database, the HTTP stand-ins and timers, and every file has a
    // database of its own (global-setup.ts), so files do not meet. Keeps .ci/run inside its
    // 30 minutes (README, under the PostgreSQL test command).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // The UploadThing SDK warns about its own deprecated getters whenever its result object is
    // read whole; our adapter reads only ufsUrl. Everything else a test prints stays visible.
    onConsoleLog: (log) => !log.includes('[uploadthing][deprecated]'),
  },
});
