import type { DatabaseHandle, PoolStats } from '@storefront/db/client';
import {
  createJobQueueStatsRepository,
  type JobQueueStats,
  RECONCILE_OUTCOMES,
} from '@storefront/routers';
import type { BusinessMetrics } from '@storefront/routers/ports';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** What the scrape reads besides the counters: each source is optional (the database kind). */
export interface MetricsSources {
  poolStats?: (() => PoolStats) | undefined;
  embeddedQueueLength?: (() => Promise<number>) | undefined;
  jobQueueStats?: (() => Promise<JobQueueStats[]>) | undefined;
  /** A source that failed during a scrape (the scrape itself still answers). */
  reportError?: (error: unknown) => void;
}

export interface RequestLabels {
  method: string;
  /** The operation's path template (`/api/v1/products/{id}`), never a raw path. */
  route: string;
  status: number;
}

export interface AppMetrics {
  /** The services' counting port. */
  business: BusinessMetrics;
  observeRequest(labels: RequestLabels, seconds: number): void;
  /** The text exposition (Content-Type: `contentType`). */
  render(): Promise<string>;
  contentType: string;
}

type RequestLabelName = 'method' | 'route' | 'status';

/** Latency buckets (seconds): a cached read takes ~1 ms, a place-order tens, a search more. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The API's Prometheus metrics (prom-client) in a registry of their own: requests per operation,
 * the database pool, the job queues, business events and Node's default process metrics
 * (event-loop lag included). Names are listed in docs/observability.md.
 */
export function createMetrics(sources: MetricsSources = {}): AppMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'storefront_http_requests_total',
    help: 'HTTP requests answered, by method, operation (path template) and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'storefront_http_request_duration_seconds',
    help: 'Time from the request to the end of its response, by method, operation and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  // prom-client hashes the label object on every observation; one child per label set instead.
  const children = new Map<
    string,
    { count: Counter.Internal; time: Histogram.Internal<RequestLabelName> }
  >();

  const orders = new Counter({
    name: 'storefront_orders_placed_total',
    help: 'Orders placed, by payment method code.',
    labelNames: ['payment_method'] as const,
    registers: [registry],
  });
  const payments = new Counter({
    name: 'storefront_payments_total',
    help: 'Gateway payments captured, failed or refunded.',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const mails = new Counter({
    name: 'storefront_mails_total',
    help: 'E-mail delivery attempts, sent or failed (a failed attempt is retried).',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const pushes = new Counter({
    name: 'storefront_pushes_total',
    help: 'Push notifications sent or failed, and devices removed (DeviceNotRegistered).',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const serviceability = new Counter({
    name: 'storefront_serviceability_provider_total',
    help: 'Courier serviceability answers: answered, or unknown after a timeout or a failure.',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  for (const outcome of ['answered', 'timeout', 'failed']) serviceability.inc({ outcome }, 0);
  // Named as issue 40 names it (no `storefront_` prefix): alerts written from the issue find it.
  const reconciled = new Counter({
    name: 'payments_reconciled_total',
    help: 'Gateway orders and payment links the payment reconciler looked up, by outcome (failed: the gateway or the handling failed).',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  for (const outcome of RECONCILE_OUTCOMES) reconciled.inc({ outcome }, 0);
  // Every outcome exported from the start (0), so rates and alerts have a series to read.
  for (const outcome of ['captured', 'failed', 'refunded']) payments.inc({ outcome }, 0);
  for (const outcome of ['sent', 'failed']) {
    mails.inc({ outcome }, 0);
    pushes.inc({ outcome }, 0);
  }
  pushes.inc({ outcome: 'removed' }, 0);

  const gauge = (name: string, help: string, labelNames: string[] = []) =>
    new Gauge({ name, help, labelNames, registers: [registry] });
  const poolSize = gauge(
    'storefront_db_pool_size',
    'Database connections open or opening (the request pool; at most storefront_db_pool_max).',
  );
  const poolMax = gauge('storefront_db_pool_max', 'Connections the request pool may open.');
  const poolInUse = gauge(
    'storefront_db_pool_in_use',
    'Pool connections running queries or held by a transaction.',
  );
  const poolWaiting = gauge(
    'storefront_db_pool_waiting',
    'Queries waiting for a pool connection (all of them busy).',
  );
  const embeddedQueue = gauge(
    'storefront_embedded_db_queue_length',
    "Queries waiting for the embedded database's single session (PGlite's thread).",
  );
  const jobWaiting = gauge(
    'storefront_job_queue_depth',
    'Jobs waiting to run (created or awaiting a retry), by queue.',
    ['queue'],
  );
  const jobOldest = gauge(
    'storefront_job_queue_oldest_age_seconds',
    'Age of the oldest waiting job, by queue (0 with none waiting).',
    ['queue'],
  );
  const jobFailed = gauge(
    'storefront_job_queue_failed',
    'Jobs kept as failed after their last retry, by queue.',
    ['queue'],
  );

  /** Reads the pool, the embedded server and the job queues into their gauges. */
  async function readSources(): Promise<void> {
    const pool = sources.poolStats?.();
    if (pool) {
      poolMax.set(pool.max);
      poolSize.set(pool.connecting + pool.idle + pool.inUse);
      poolInUse.set(pool.inUse);
      poolWaiting.set(pool.waiting);
    }
    const [queueLength, jobs] = await Promise.allSettled([
      sources.embeddedQueueLength?.(),
      sources.jobQueueStats?.(),
    ]);
    if (queueLength.status === 'fulfilled' && queueLength.value !== undefined) {
      embeddedQueue.set(queueLength.value);
    }
    jobWaiting.reset();
    jobOldest.reset();
    jobFailed.reset();
    if (jobs.status === 'fulfilled') {
      for (const stats of jobs.value ?? []) {
        jobWaiting.set({ queue: stats.queue }, stats.waiting);
        jobOldest.set({ queue: stats.queue }, stats.oldestWaitingSeconds);
        jobFailed.set({ queue: stats.queue }, stats.failed);
      }
    }
    for (const result of [queueLength, jobs]) {
      if (result.status === 'rejected') sources.reportError?.(result.reason);
    }
  }

  return {
    business: {
      orderPlaced: (paymentMethod) => orders.inc({ payment_method: paymentMethod }),
      payment: (outcome) => payments.inc({ outcome }),
      mail: (outcome) => mails.inc({ outcome }),
      push: (outcome) => pushes.inc({ outcome }),
      serviceability: (outcome) => serviceability.inc({ outcome }),
      paymentReconciled: (outcome) => reconciled.inc({ outcome }),
    },
    observeRequest({ method, route, status }, seconds) {
      const key = `${method} ${status} ${route}`;
      let child = children.get(key);
      if (!child) {
        const labels = { method, route, status: String(status) };
        child = { count: requests.labels(labels), time: durations.labels(labels) };
        children.set(key, child);
      }
      child.count.inc();
      child.time.observe(seconds);
    },
    async render() {
      await readSources();
      return registry.metrics();
    },
    contentType: registry.contentType,
  };
}

/** The metrics of an app on this database: its pool, its embedded server, its job queues. */
export function createDatabaseMetrics(
  database: DatabaseHandle,
  reportError?: (error: unknown) => void,
): AppMetrics {
  return createMetrics({
    poolStats: database.poolStats,
    embeddedQueueLength: database.embeddedQueueLength,
    jobQueueStats: createJobQueueStatsRepository(database.db).read,
    ...(reportError ? { reportError } : {}),
  });
}
