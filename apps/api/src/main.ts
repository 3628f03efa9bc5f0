import type { Server } from 'node:http';
import { createApp } from './app';
import { ConfigError, loadEnv } from './env';
import { createLogger, createRuntime } from './runtime';

const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const env = loadEnv();
  const logger = createLogger(env);
  const runtime = await createRuntime(env, logger);
  const app = createApp(runtime.appDeps);
  const server: Server = app.listen(env.PORT, () => {
    logger.info(
      { port: env.PORT, database: runtime.database.kind, docs: `${env.APP_URL}/api/docs` },
      `Storefront API listening on ${env.APP_URL}/api/v1`,
    );
  });
  server.on('error', (error) => {
    logger.fatal({ err: error }, 'server failed to start');
    process.exit(1);
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      logger.error('in-flight requests did not finish in time; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    // Stops accepting connections; the callback runs when in-flight requests have finished.
    server.close(async () => {
      await runtime.close();
      logger.info('stopped');
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Start-up failed:', error);
  }
  process.exit(1);
});
