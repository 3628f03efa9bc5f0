import { createServer, type ServerResponse } from 'node:http';
import { createApp } from './app';
import type { Env } from './env';
import { answerClientErrors } from './http/errors';
import { createMetricsApp } from './http/metrics';
import type { Tracing } from './observability/tracing';
import { createLogger, createRuntime } from './runtime';
import {
  bundledMigrationsFolder,
  exitAfter,
  exitIfStuck,
  listen,
  SHUTDOWN_GRACE_MS,
} from './startup';

/**
 * The API process (main.ts calls it once tracing, if configured, has started): the runtime, the
 * API's port, the metrics port when METRICS_PORT is set, and a graceful shutdown on SIGTERM.
 */
export async function serve(env: Env, tracing?: Tracing): Promise<void> {
  const logger = createLogger(env);
  const runtime = await createRuntime(env, logger, {
    migrationsFolder: bundledMigrationsFolder(),
    tracer: tracing?.tracer,
  });
  const server = createServer(createApp(runtime.appDeps));
  // Its own small listener: scrapes never queue behind API traffic, and need no token.
  const metricsServer =
    env.METRICS_PORT && runtime.metrics
      ? createServer(createMetricsApp(runtime.metrics))
      : undefined;
  try {
    await listen(server, env.PORT);
    if (metricsServer && env.METRICS_PORT) {
      await listen(metricsServer, env.METRICS_PORT, 'METRICS_PORT');
    }
  } catch (error) {
    server.close();
    await runtime.close().catch(() => {});
    throw error;
  }
  answerClientErrors(server);
  logger.info(
    { port: env.PORT, database: runtime.database.kind, docs: `${env.APP_URL}/api/docs` },
    `Storefront API listening on ${env.APP_URL}/api/v1`,
  );
  server.on('error', (error) => {
    logger.fatal({ err: error }, 'server failed');
    process.exit(1);
  });

  /*
   * server.close() stops accepting connections but leaves keep-alive connections open after
   * their in-flight response: the process then waited for keepAliveTimeout (or, behind a load
   * balancer that keeps reusing them, served new requests until the grace period killed it).
   * During shutdown every response says `Connection: close`, and each finished response
   * closes whatever connections have gone idle.
   */
  let stopping = false;
  const inFlight = new Set<ServerResponse>();
  const endKeepAlive = (res: ServerResponse) => {
    if (!res.headersSent) res.setHeader('Connection', 'close');
  };
  server.on('request', (_req, res: ServerResponse) => {
    if (stopping) endKeepAlive(res);
    inFlight.add(res);
    res.once('close', () => {
      inFlight.delete(res);
      if (stopping) server.closeIdleConnections();
    });
  });

  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    for (const res of inFlight) endKeepAlive(res);
    exitIfStuck(logger, SHUTDOWN_GRACE_MS, 'in-flight requests did not finish in time; exiting');
    // Stops accepting connections; the callback runs when in-flight requests have finished.
    server.close(() =>
      exitAfter(
        logger,
        async () => {
          metricsServer?.close();
          await runtime.close();
          await tracing?.shutdown();
        },
        'closing the database or Redis failed',
      ),
    );
    server.closeIdleConnections();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}
