import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import type { Logger } from 'pino';
import { StartupError } from './env';

/* What both processes (serve.ts: the API; work.ts: the job workers) start and stop with. */

export const SHUTDOWN_GRACE_MS = 10_000;

/**
 * The production build (`dist/main.js`, tsup) carries the migrations in `dist/drizzle`; from
 * source there is no such folder and the db package's own `drizzle/` is used.
 */
export function bundledMigrationsFolder(): string | undefined {
  const folder = fileURLToPath(new URL('./drizzle', import.meta.url));
  return existsSync(folder) ? folder : undefined;
}

/** Resolves once the port is bound; a port in use is a one-line StartupError, not a stack. */
export function listen(server: Server, port: number, name = 'PORT'): Promise<void> {
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

/** Exits 1 when a graceful stop has not finished in `ms` (the timer never keeps the process up). */
export function exitIfStuck(logger: Logger, ms: number, message: string): void {
  setTimeout(() => {
    logger.error(message);
    process.exit(1);
  }, ms).unref();
}

/** A graceful stop's last steps (closing the database…), then exit: 0 when they all succeeded. */
export async function exitAfter(
  logger: Logger,
  steps: () => Promise<void>,
  failure: string,
): Promise<void> {
  try {
    await steps();
    logger.info('stopped');
    process.exit(0);
  } catch (error) {
    logger.error({ err: error }, failure);
    process.exit(1);
  }
}
