import type { PgBoss } from '@storefront/db/jobs';
import {
  MAIL_QUEUE,
  type MailJob,
  mailQueuePolicy,
} from '@storefront/routers/features/mail/mail.jobs';
import {
  PAYMENT_EVENTS_QUEUE,
  type PaymentEventJob,
} from '@storefront/routers/features/payments/payment-events';
import {
  REFUND_QUEUE,
  type RefundJob,
  refundQueuePolicy,
} from '@storefront/routers/features/payments/refunds';
import type { Services } from '@storefront/routers/services';
import type { Logger } from 'pino';

export interface JobWorkerOptions {
  /** Jobs this process works on at once (JOB_CONCURRENCY). */
  concurrency: number;
  /** Idle polling interval (JOB_POLL_SECONDS). */
  pollSeconds: number;
}

/** The queues this app uses, with their retry policy (created or updated at every start). */
export async function createQueues(
  boss: PgBoss,
  retry: { retryDelaySeconds: number; retryLimit?: number },
): Promise<void> {
  for (const [name, policy] of [
    [MAIL_QUEUE, mailQueuePolicy(retry)],
    [REFUND_QUEUE, refundQueuePolicy(retry)],
    [PAYMENT_EVENTS_QUEUE, refundQueuePolicy(retry)],
  ] as const) {
    if (await boss.getQueue(name)) await boss.updateQueue(name, policy);
    else await boss.createQueue(name, policy);
  }
}

/**
 * Starts this process's workers. pg-boss claims jobs with SKIP LOCKED, so N processes never run
 * one job at once; a handler that throws sends its job back for a retry. Stopping pg-boss
 * (`boss.stop({ graceful: true })`) lets the jobs in hand finish first.
 */
export async function startJobWorkers(
  boss: PgBoss,
  services: Pick<Services, 'mail' | 'refunds' | 'paymentEvents'>,
  logger: Logger,
  options: JobWorkerOptions,
): Promise<void> {
  await boss.work<MailJob>(
    MAIL_QUEUE,
    {
      batchSize: 1,
      localConcurrency: options.concurrency,
      pollingIntervalSeconds: options.pollSeconds,
    },
    async ([job]) => {
      if (!job) return;
      try {
        await services.mail.deliver({ id: job.id, data: job.data });
      } catch (error) {
        logger.warn(
          { err: error, job: { id: job.id, kind: job.data.kind, retryCount: job.retryCount } },
          'mail job failed; it will be retried',
        );
        throw error;
      }
    },
  );
  await boss.work<RefundJob>(
    REFUND_QUEUE,
    { batchSize: 1, localConcurrency: 1, pollingIntervalSeconds: options.pollSeconds },
    async ([job]) => {
      if (!job) return;
      try {
        await services.refunds.process(job.data.orderId);
      } catch (error) {
        logger.warn(
          {
            err: error,
            job: { id: job.id, orderId: job.data.orderId, retryCount: job.retryCount },
          },
          'refund job failed; it will be retried',
        );
        throw error;
      }
    },
  );
  await boss.work<PaymentEventJob>(
    PAYMENT_EVENTS_QUEUE,
    { batchSize: 1, localConcurrency: 1, pollingIntervalSeconds: options.pollSeconds },
    async ([job]) => {
      if (!job) return;
      try {
        await services.paymentEvents.process(job.data.eventId);
      } catch (error) {
        logger.warn(
          {
            err: error,
            job: { id: job.id, eventId: job.data.eventId, retryCount: job.retryCount },
          },
          'payment event job failed; it will be retried',
        );
        throw error;
      }
    },
  );
}
