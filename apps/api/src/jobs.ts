import type { PgBoss } from '@storefront/db/jobs';
import {
  MAIL_QUEUE,
  type MailJob,
  mailQueuePolicy,
} from '@storefront/routers/features/mail/mail.jobs';
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
  const policy = mailQueuePolicy(retry);
  if (await boss.getQueue(MAIL_QUEUE)) await boss.updateQueue(MAIL_QUEUE, policy);
  else await boss.createQueue(MAIL_QUEUE, policy);
}

/**
 * Starts this process's workers. pg-boss claims jobs with SKIP LOCKED, so N processes never run
 * one job at once; a handler that throws sends its job back for a retry. Stopping pg-boss
 * (`boss.stop({ graceful: true })`) lets the jobs in hand finish first.
 */
export async function startJobWorkers(
  boss: PgBoss,
  services: Pick<Services, 'mail'>,
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
}
