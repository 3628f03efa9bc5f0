import { createServer, type Server } from 'node:http';
import type { Logger } from 'pino';
import { type Env, StartupError } from './env';
import type { Tracing } from './observability/tracing';
import { createLogger, createRuntime, type Runtime } from './runtime';
import {
  bundledMigrationsFolder,
  exitAfter,
  exitIfStuck,
  listen,
  SHUTDOWN_GRACE_MS,
} from './startup';

export interface WorkerProcess {
  runtime: Runtime;
  /**
   * Stops taking jobs, lets the jobs in hand finish (up to 10 s; unfinished ones go back to the
   * queue), then closes the database and the metrics port.
   */
  stop(): Promise<void>;
}

/**
 * The job workers without the API: the same runtime (migrations, adapters, queues) with the
 * workers always on and no HTTP port but METRICS_PORT's. PostgreSQL only: the embedded database
 * is one process's (PGlite runs inside the process that opened DATA_DIR and locks it), so its
 * workers stay in the API process (docs/deploying.md, "Workers in their own process").
 */
export async function startWorkerProcess(
  env: Env,
  logger: Logger,
  tracing?: Tracing,
): Promise<WorkerProcess> {
  if (!env.DATABASE_URL) {
    throw new StartupError(
      'The job workers run in their own process on PostgreSQL only: set DATABASE_URL (on the embedded database they run in the API process).',
    );
  }
  const runtime = await createRuntime(env, logger, {
    migrationsFolder: bundledMigrationsFolder(),
    tracer: tracing?.tracer,
    role: 'workers',
  });
  let metricsServer: Server | undefined;
  if (env.METRICS_PORT && runtime.metrics) {
    // Loaded only here: Express stays out of a worker process that serves no metrics.
    const { createMetricsApp } = await import('./http/metrics');
    metricsServer = createServer(createMetricsApp(runtime.metrics));
    try {
      await listen(metricsServer, env.METRICS_PORT, 'METRICS_PORT');
    } catch (error) {
      await runtime.close().catch(() => {});
      throw error;
    }
  }
  return {
    runtime,
    async stop() {
      metricsServer?.close();
      await runtime.close();
    },
  };
}

/** The worker process (workers.ts calls it): its workers, and a graceful stop on SIGTERM. */
export async function work(env: Env, tracing?: Tracing): Promise<void> {
  const logger = createLogger(env);
  const workers = await startWorkerProcess(env, logger, tracing);
  logger.info({ database: workers.runtime.database.kind }, 'Storefront job workers running');

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing the jobs in hand');
    // Past pg-boss's own 10 s wait, closing the database must not hang the exit either.
    exitIfStuck(logger, SHUTDOWN_GRACE_MS * 2, 'the jobs in hand did not finish in time; exiting');
    await exitAfter(
      logger,
      async () => {
        await workers.stop();
        await tracing?.shutdown();
      },
      'closing the job queue or the database failed',
    );
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}
