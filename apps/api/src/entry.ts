import { DataDirLockedError } from '@storefront/db/client';
import { ConfigError, type Env, loadEnv, StartupError } from './env';
import type { Tracing } from './observability/tracing';
import { APP_VERSION } from './version';

/** What a process entry runs once tracing, if configured, has started. */
export type ProcessStart = (env: Env, tracing?: Tracing) => Promise<void>;

/**
 * Starts one of the app's processes (main.ts: the API; workers.ts: the job workers). Tracing,
 * when configured, starts before anything else is loaded: its instrumentations patch `http` and
 * `express` as they are imported, so the process's own module is imported only afterwards
 * (`load`). Without OTEL_EXPORTER_OTLP_ENDPOINT the OpenTelemetry SDK is never even loaded. A
 * start-up failure the operator can fix is one line, anything else its stack; both exit 1.
 */
export function runProcess(load: () => Promise<ProcessStart>): void {
  const start = async () => {
    const env = loadEnv();
    const tracing = env.OTEL_EXPORTER_OTLP_ENDPOINT
      ? (await import('./observability/tracing')).startTracing({
          endpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT,
          version: APP_VERSION,
        })
      : undefined;
    await (await load())(env, tracing);
  };
  start().catch((error: unknown) => {
    if (
      error instanceof ConfigError ||
      error instanceof StartupError ||
      error instanceof DataDirLockedError
    ) {
      console.error(error.message);
    } else {
      console.error('Start-up failed:', error);
    }
    process.exit(1);
  });
}
