import { existsSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import { createApp } from './app';
import { type Env, StartupError } from './env';
import { answerClientErrors } from './http/errors';
import { createMetricsApp } from './http/metrics';
import type { Tracing } from './observability/tracing';
import { createLogger, createRuntime } from './runtime';

const SHUTDOWN_GRACE_MS = 10_000;

/**
 * The production build (`dist/main.js`, tsup) carries the migrations in `dist/drizzle`; from
 * source there is no such folder and the db package's own `drizzle/` is used.
 */
function bundledMigrationsFolder(): string | undefined {
  const folder = fileURLToPath(new URL('./drizzle', import.meta.url));
  return existsSync(folder) ? folder : undefined;
}

/** Resolves once the port is bound; a port in use is a one-line StartupError, not a stack. */
function listen(server: Server, port: number, name = 'PORT'): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      reject(
        error.code === 'EADDRINUSE'
          ? new StartupError(
              `${name} ${port} is already in use: stop the other process or set ${name} to a free port.`,
            )
          : error.code === 'EACCES'
            ? new StartupError(`${name} ${port} needs privileges this process does not have.`)
            : error,
      );
    };
    const onListening = () => {
      server.off('error', onError);
      resolve();
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port);
  });
}

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
    const force = setTimeout(() => {
      logger.error('in-flight requests did not finish in time; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    // Stops accepting connections; the callback runs when in-flight requests have finished.
    server.close(async () => {
      try {
        metricsServer?.close();
        await runtime.close();
        await tracing?.shutdown();
        logger.info('stopped');
        process.exit(0);
      } catch (error) {
        logger.error({ err: error }, 'closing the database or Redis failed');
        process.exit(1);
      }
    });
    server.closeIdleConnections();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}
