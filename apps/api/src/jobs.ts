import type { PgBoss } from '@storefront/db/jobs';
import type { RetryOverrides } from '@storefront/routers/features/jobs/retry-policy';
import {
  MAIL_QUEUE,
  type MailJob,
  mailQueuePolicy,
} from '@storefront/routers/features/mail/mail.jobs';
import {
  PAYMENT_EVENT_RETENTION_QUEUE,
  PAYMENT_EVENTS_QUEUE,
  type PaymentEventJob,
} from '@storefront/routers/features/payments/payment-events';
import {
  paymentQueuePolicy,
  REFUND_QUEUE,
  type RefundJob,
} from '@storefront/routers/features/payments/refunds';
import type { Services } from '@storefront/routers/services';
import type { Logger } from 'pino';

export interface JobWorkerOptions {
  /** Mail jobs this process works on at once (JOB_CONCURRENCY). */
  concurrency: number;
  /** Idle polling interval (JOB_POLL_SECONDS). */
  pollSeconds: number;
}

type WorkerServices = Pick<Services, 'mail' | 'refunds' | 'paymentEvents'>;

/** One queue: its retry policy, how many of its jobs a process runs at once, and its handler. */
interface QueueDefinition<T extends object> {
  name: string;
  policy: (retry: RetryOverrides) => object;
  concurrency: (options: JobWorkerOptions) => number;
  run: (services: WorkerServices, job: { id: string; data: T }) => Promise<void>;
  /** Cron (UTC): pg-boss queues one job each time, whichever instance takes it. */
  schedule?: string;
}

const queue = <T extends object>(definition: QueueDefinition<T>) =>
  definition as unknown as QueueDefinition<object>;

/**
 * Every queue of the app. Payments run one at a time per process: they call the gateway, and
 * their order does not matter more than their certainty.
 */
const QUEUES = [
  queue<MailJob>({
    name: MAIL_QUEUE,
    policy: mailQueuePolicy,
    concurrency: (options) => options.concurrency,
    run: (services, job) => services.mail.deliver(job),
  }),
  queue<RefundJob>({
    name: REFUND_QUEUE,
    policy: paymentQueuePolicy,
    concurrency: () => 1,
    run: (services, job) => services.refunds.process(job.data.orderId),
  }),
  queue<PaymentEventJob>({
    name: PAYMENT_EVENTS_QUEUE,
    policy: paymentQueuePolicy,
    concurrency: () => 1,
    run: (services, job) => services.paymentEvents.process(job.data.eventId),
  }),
  queue<object>({
    name: PAYMENT_EVENT_RETENTION_QUEUE,
    policy: paymentQueuePolicy,
    concurrency: () => 1,
    run: async (services) => {
      await services.paymentEvents.dropExpiredPayloads();
    },
    schedule: '17 3 * * *',
  }),
];

/** Creates the queues, or updates their retry policy (at every start). */
export async function createQueues(boss: PgBoss, retry: RetryOverrides): Promise<void> {
  for (const { name, policy, schedule } of QUEUES) {
    if (await boss.getQueue(name)) await boss.updateQueue(name, policy(retry));
    else await boss.createQueue(name, policy(retry));
    if (schedule) await boss.schedule(name, schedule);
  }
}

/**
 * Starts this process's workers. pg-boss claims jobs with SKIP LOCKED, so N processes never run
 * one job at once; a handler that throws sends its job back for a retry. Stopping pg-boss
 * (`boss.stop({ graceful: true })`) lets the jobs in hand finish first.
 */
export async function startJobWorkers(
  boss: PgBoss,
  services: WorkerServices,
  logger: Logger,
  options: JobWorkerOptions,
): Promise<void> {
  for (const definition of QUEUES) {
    await boss.work<object>(
      definition.name,
      {
        batchSize: 1,
        localConcurrency: definition.concurrency(options),
        pollingIntervalSeconds: options.pollSeconds,
      },
      async ([job]) => {
        if (!job) return;
        try {
          await definition.run(services, { id: job.id, data: job.data });
        } catch (error) {
          // The job's data may hold a link's token: its id and queue identify it.
          logger.warn(
            { err: error, job: { id: job.id, queue: definition.name, retryCount: job.retryCount } },
            'job failed; it will be retried',
          );
          throw error;
        }
      },
    );
  }
}
