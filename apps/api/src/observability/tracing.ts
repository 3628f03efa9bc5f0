import { register } from 'node:module';
import { type Tracer, trace } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { ExpressInstrumentation } from '@opentelemetry/instrumentation-express';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { NodeSDK, resources } from '@opentelemetry/sdk-node';
import { SimpleSpanProcessor, type SpanExporter } from '@opentelemetry/sdk-trace-base';

export interface Tracing {
  /** The tracer procedures and queries start their spans with. */
  tracer: Tracer;
  /** Flushes the spans still buffered and stops the SDK. */
  shutdown(): Promise<void>;
}

export interface TracingOptions {
  /** OTLP/HTTP collector base URL (OTEL_EXPORTER_OTLP_ENDPOINT); spans go to `<it>/v1/traces`. */
  endpoint?: string | undefined;
  /** Instead of the OTLP exporter (tests: an in-memory one), each span handed over at its end. */
  exporter?: SpanExporter;
  version: string;
}

/** The modules the instrumentations patch; nothing else goes through the import hook. */
const INSTRUMENTED_MODULES = ['express', 'http', 'node:http'];

/**
 * Starts OpenTelemetry: HTTP server spans and Express's middleware/route spans (the official
 * instrumentations), exported over OTLP (http/protobuf). Must run before `express` and the app
 * are imported (main.ts imports them afterwards): the instrumentations patch modules as they
 * load, ESM ones through the import hook registered here. Off (never called) without an
 * endpoint: no SDK, no hook, no cost.
 */
export function startTracing(options: TracingOptions): Tracing {
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url, {
    data: { include: INSTRUMENTED_MODULES },
  });
  const sdk = new NodeSDK({
    resource: resources.resourceFromAttributes({
      'service.name': 'storefront-api',
      'service.version': options.version,
    }),
    ...(options.exporter
      ? { spanProcessors: [new SimpleSpanProcessor(options.exporter)] }
      : { traceExporter: new OTLPTraceExporter({ url: `${options.endpoint}/v1/traces` }) }),
    instrumentations: [new HttpInstrumentation(), new ExpressInstrumentation()],
    // Metrics are Prometheus's (observability/metrics.ts), logs pino's: traces only.
    metricReaders: [],
    logRecordProcessors: [],
  });
  sdk.start();
  return {
    tracer: trace.getTracer('storefront-api', options.version),
    shutdown: () => sdk.shutdown(),
  };
}
