import type { Job, JobResult, PgBoss } from '@storefront/db/jobs';
import {
  AUDIT_RETENTION_QUEUE,
  CAMPAIGN_QUEUE,
  type CampaignBatchJob,
  GUEST_RETENTION_QUEUE,
  LOYALTY_EXPIRY_QUEUE,
  MAIL_QUEUE,
  type MailJob,
  mailQueuePolicy,
  PAYMENT_EVENT_RETENTION_QUEUE,
  PAYMENT_EVENTS_QUEUE,
  PAYMENT_LINK_CANCEL_QUEUE,
  PAYMENT_RECONCILE_QUEUE,
  type PaymentEventJob,
  type PaymentLinkCancelJob,
  PUSH_QUEUE,
  PUSH_RECEIPTS_QUEUE,
  type PushJob,
  type PushReceiptsJob,
  paymentQueuePolicy,
  pushQueuePolicy,
  REFUND_QUEUE,
  type RefundJob,
  type RetryOverrides,
  SAVED_CARDS_ERASE_QUEUE,
  type SavedCardsEraseJob,
  SMS_QUEUE,
  type SmsJob,
  SYNC_COMPACTION_QUEUE,
  URGENT_MAIL_PRIORITY,
  WISHLIST_ALERTS_QUEUE,
} from '@storefront/routers';
import type { Services } from '@storefront/routers/services';
import type { Logger } from 'pino';

export interface JobWorkerOptions {
  /**
   * Mail and push workers of this process (JOB_CONCURRENCY), each taking BACKLOG_BATCH_SIZE jobs
   * at a time.
   */
  concurrency: number;
  /** Idle polling interval (JOB_POLL_SECONDS). */
  pollSeconds: number;
}

/**
 * Mail or push jobs one worker takes per fetch and sends at once (one a customer action queues).
 * While fetches come back full (a backlog) the worker fetches again at once instead of waiting
 * out its polling interval, and every fetch takes the urgent mails (higher priority) first. At
 * one job per fetch a queue drains at JOB_CONCURRENCY / JOB_POLL_SECONDS jobs/s (2/s by default),
 * behind a shop taking orders faster (docs/performance.md, "The push queue's batches").
 */
export const BACKLOG_BATCH_SIZE = 10;

/** How long finished (completed or failed) jobs stay in the job table (JOB_RETENTION_DAYS). */
export interface QueueOptions extends RetryOverrides {
  retentionDays: number;
  /** Minutes between payment reconciler runs (PAYMENT_RECONCILE_MINUTES, default 5). */
  reconcileMinutes?: number;
}

type WorkerServices = Pick<
  Services,
  | 'mail'
  | 'payments'
  | 'refunds'
  | 'auth'
  | 'sync'
  | 'notifications'
  | 'loyalty'
  | 'savedCards'
  | 'audit'
>;

/**
 * One queue: its retry policy, how many workers a process runs for it, how many jobs each takes
 * at a time (run together), and its handler.
 */
interface QueueDefinition<T extends object> {
  name: string;
  policy: (retry: RetryOverrides) => object;
  concurrency: (options: JobWorkerOptions) => number;
  batchSize: number;
  /**
   * One more worker per process that takes only jobs of at least this priority: when every other
   * worker is busy with a backlog (a stalled provider, a slow batch), urgent jobs still go.
   */
  reservedForPriority?: number;
  run: (services: WorkerServices, job: { id: string; data: T }) => Promise<void>;
  /** Cron (UTC): pg-boss queues one job each time, whichever instance takes it. */
  schedule?: string | ((options: QueueOptions) => string);
}

const queue = <T extends object>(definition: QueueDefinition<T>) =>
  definition as unknown as QueueDefinition<object>;

/**
 * Every queue of the app. Payments run one at a time per process: they call the gateway, and
 * their order does not matter more than their certainty. Mails run in batches on several workers.
 */
const QUEUES = [
  queue<MailJob>({
    name: MAIL_QUEUE,
    policy: mailQueuePolicy,
    concurrency: (options) => options.concurrency,
    batchSize: BACKLOG_BATCH_SIZE,
    reservedForPriority: URGENT_MAIL_PRIORITY,
    run: (services, job) => services.mail.deliver(job),
  }),
  // Sign-in codes: someone is waiting; a code expires in 10 minutes, so few, quick retries.
  queue<SmsJob>({
    name: SMS_QUEUE,
    policy: (retry) => mailQueuePolicy({ ...retry, retryLimit: retry.retryLimit ?? 3 }),
    concurrency: (options) => options.concurrency,
    batchSize: 1,
    run: (services, job) => services.auth.signIn.deliverSms(job),
  }),
  queue<PushJob>({
    name: PUSH_QUEUE,
    policy: pushQueuePolicy,
    concurrency: (options) => options.concurrency,
    batchSize: BACKLOG_BATCH_SIZE,
    run: (services, job) => services.notifications.deliver(job),
  }),
  queue<PushReceiptsJob>({
    name: PUSH_RECEIPTS_QUEUE,
    policy: pushQueuePolicy,
    concurrency: () => 1,
    batchSize: 1,
    run: (services, job) => services.notifications.checkReceipts(job.data),
  }),
  queue<CampaignBatchJob>({
    name: CAMPAIGN_QUEUE,
    policy: pushQueuePolicy,
    // One batch at a time per process: with the batches' spacing, the campaign's throttle.
    concurrency: () => 1,
    batchSize: 1,
    run: (services, job) => services.notifications.deliverCampaignBatch(job),
  }),
  queue<object>({
    name: WISHLIST_ALERTS_QUEUE,
    policy: pushQueuePolicy,
    concurrency: () => 1,
    batchSize: 1,
    run: async (services) => {
      await services.notifications.processWishlistAlerts();
    },
    schedule: '* * * * *',
  }),
  queue<RefundJob>({
    name: REFUND_QUEUE,
    policy: paymentQueuePolicy,
    concurrency: () => 1,
    batchSize: 1,
    run: (services, job) => services.refunds.process(job.data),
  }),
  queue<PaymentEventJob>({
    name: PAYMENT_EVENTS_QUEUE,
    policy: paymentQueuePolicy,
    concurrency: () => 1,
    batchSize: 1,
    run: (services, job) => services.payments.events.process(job.data.eventId),
  }),
  // A deleted account's saved cards, erased at Razorpay after the deletion's commit (issue 40).
  queue<SavedCardsEraseJob>({
    name: SAVED_CARDS_ERASE_QUEUE,
    policy: paymentQueuePolicy,
    concurrency: () => 1,
    batchSize: 1,
    run: (services, job) => services.savedCards.eraseAtGateway(job.data),
  }),
  // A cancelled order's open payment links, cancelled at Razorpay after the cancel's commit.
  queue<PaymentLinkCancelJob>({
    name: PAYMENT_LINK_CANCEL_QUEUE,
    policy: paymentQueuePolicy,
    concurrency: () => 1,
    batchSize: 1,
    run: (services, job) => services.payments.linkReconciler.cancelOpenLinks(job.data.orderId),
  }),
  queue<object>({
    name: PAYMENT_EVENT_RETENTION_QUEUE,
    policy: paymentQueuePolicy,
    concurrency: () => 1,
    batchSize: 1,
    run: async (services) => {
      await services.payments.events.dropExpiredPayloads();
    },
    schedule: '17 3 * * *',
  }),
  // Payments no webhook told of (docs/payments.md, "Reconciler"); a run that fails is retried
  // and counted (payments_reconciled_total{outcome="failed"}).
  queue<object>({
    name: PAYMENT_RECONCILE_QUEUE,
    policy: (retry) => paymentQueuePolicy({ ...retry, retryLimit: retry.retryLimit ?? 2 }),
    concurrency: () => 1,
    batchSize: 1,
    run: async (services) => {
      await services.payments.reconciler.run();
    },
    schedule: (options) => `*/${options.reconcileMinutes ?? 5} * * * *`,
  }),
  // Guests that never ordered and whose sessions ended GUEST_RETENTION_DAYS ago: nothing left to keep.
  queue<object>({
    name: GUEST_RETENTION_QUEUE,
    policy: paymentQueuePolicy,
    concurrency: () => 1,
    batchSize: 1,
    run: async (services) => {
      await services.auth.signIn.guest.purgeAbandoned();
    },
    schedule: '37 3 * * *',
  }),
  queue<object>({
    name: SYNC_COMPACTION_QUEUE,
    policy: paymentQueuePolicy,
    concurrency: () => 1,
    batchSize: 1,
    run: async (services) => {
      await services.sync.feed.compact();
    },
    schedule: '41 3 * * *',
  }),
  // Audit rows older than AUDIT_RETENTION_DAYS (docs/admin-panel.md "Audit log").
  queue<object>({
    name: AUDIT_RETENTION_QUEUE,
    policy: paymentQueuePolicy,
    concurrency: () => 1,
    batchSize: 1,
    run: async (services) => {
      await services.audit.purge();
    },
    schedule: '47 3 * * *',
  }),
  queue<object>({
    name: LOYALTY_EXPIRY_QUEUE,
    policy: paymentQueuePolicy,
    concurrency: () => 1,
    batchSize: 1,
    // Lapsed loyalty points, oldest first (loyalty slice); idempotent, so a retry is harmless.
    run: async (services) => {
      await services.loyalty.expirePoints();
    },
    schedule: '37 2 * * *',
  }),
];

/**
 * Creates the queues, or updates their retry policy and retention (at every start), and their
 * schedules. pg-boss deletes a finished job `deleteAfterSeconds` after it completed or failed for
 * good; until then the admin can see and retry failed ones.
 */
export async function createQueues(boss: PgBoss, options: QueueOptions): Promise<void> {
  const { retentionDays, ...retry } = options;
  for (const { name, policy, schedule } of QUEUES) {
    const queueOptions = { ...policy(retry), deleteAfterSeconds: retentionDays * 24 * 60 * 60 };
    if (await boss.getQueue(name)) await boss.updateQueue(name, queueOptions);
    else await boss.createQueue(name, queueOptions);
    if (schedule) {
      await boss.schedule(name, typeof schedule === 'string' ? schedule : schedule(options));
    }
  }
}

/**
 * Starts this process's workers. pg-boss claims jobs with SKIP LOCKED, so N processes never run
 * one job at once; a job whose handler throws goes back for a retry, alone (per-job results: the
 * rest of its batch completes). Stopping pg-boss (`boss.stop({ graceful: true })`) lets the jobs
 * in hand finish first.
 */
export async function startJobWorkers(
  boss: PgBoss,
  services: WorkerServices,
  logger: Logger,
  options: JobWorkerOptions,
): Promise<void> {
  for (const definition of QUEUES) {
    const handler = (jobs: Job<object>[]) =>
      Promise.all(
        jobs.map(async (job): Promise<JobResult> => {
          try {
            await definition.run(services, { id: job.id, data: job.data });
            return { id: job.id, status: 'completed' };
          } catch (error) {
            // Its id and queue identify the job (its data is not logged).
            logger.warn(
              {
                err: error,
                job: { id: job.id, queue: definition.name, retryCount: job.retryCount },
              },
              'job failed; it will be retried',
            );
            return { id: job.id, status: 'failed', output: error };
          }
        }),
      );
    const work = (localConcurrency: number, only: { minPriority?: number } = {}) =>
      boss.work<object>(
        definition.name,
        {
          batchSize: definition.batchSize,
          // A full batch says more jobs wait: fetch again at once (ignored at batch size 1).
          burstWhenBatchFull: true,
          perJobResults: true,
          localConcurrency,
          pollingIntervalSeconds: options.pollSeconds,
          ...only,
        },
        handler,
      );
    await work(definition.concurrency(options));
    if (definition.reservedForPriority !== undefined) {
      await work(1, { minPriority: definition.reservedForPriority });
    }
  }
}
