import { DataDirLockedError } from '@storefront/db/client';
import { ConfigError, loadEnv, StartupError } from './env';
import { APP_VERSION } from './version';

/**
 * The entry point. Tracing, when configured, starts before anything else is loaded: its
 * instrumentations patch `http` and `express` as they are imported, so the server (serve.ts, with
 * Express and the app) is imported only afterwards. Without OTEL_EXPORTER_OTLP_ENDPOINT the
 * OpenTelemetry SDK is never even loaded.
 */
async function main(): Promise<void> {
  const env = loadEnv();
  const tracing = env.OTEL_EXPORTER_OTLP_ENDPOINT
    ? (await import('./observability/tracing')).startTracing({
        endpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT,
        version: APP_VERSION,
      })
    : undefined;
  const { serve } = await import('./serve');
  await serve(env, tracing);
}

main().catch((error: unknown) => {
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
