import { runProcess } from './entry';

/**
 * The job workers' process entry point (`pnpm start:workers`; dist/workers.js): work.ts, after
 * tracing. PostgreSQL only; the API processes beside it run with JOBS_ENABLED=false
 * (docs/deploying.md, "Workers in their own process").
 */
runProcess(async () => (await import('./work')).work);
