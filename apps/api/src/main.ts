import { runProcess } from './entry';

/** The API process's entry point (`pnpm start`; dist/main.js): serve.ts, after tracing. */
runProcess(async () => (await import('./serve')).serve);
