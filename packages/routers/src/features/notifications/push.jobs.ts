import type { JobOptions } from '../../ports';
import { type RetryOverrides, retryPolicy } from '../jobs/index';

/** The queue every push goes through: one job per event, fanned out to the devices when it runs. */
export const PUSH_QUEUE = 'push';
/** Reads the receipts of sent pushes, later (Expo has them within about 15 minutes). */
export const PUSH_RECEIPTS_QUEUE = 'push-receipts';

export const ORDER_PUSH_TYPES = [
  'order_placed',
  'order_processing',
  'order_shipped',
  'order_completed',
  'order_canceled',
  /** A cash-on-delivery order paid online by its payment link (issue 40). */
  'order_paid',
] as const;
export type OrderPushType = (typeof ORDER_PUSH_TYPES)[number];

/** A return's status changes the customer is told of (`data.type`, issue 38). */
export const RETURN_PUSH_TYPES = [
  'return_approved',
  'return_rejected',
  'return_refunded',
  'return_exchanged',
] as const;
export type ReturnPushType = (typeof RETURN_PUSH_TYPES)[number];

/**
 * What a push job carries: ids to load the current data from when it runs. `deviceIds` limits a
 * retry to the devices whose push was refused the first time (the others already have theirs).
 */
export type PushJob =
  | { kind: 'order'; type: OrderPushType; orderId: number; deviceIds?: number[] }
  | {
      kind: 'return';
      type: ReturnPushType;
      orderId: number;
      returnId: number;
      returnNumber: string;
      deviceIds?: number[];
    }
  | { kind: 'payment-failed'; gatewayOrderId: string; reason: string; deviceIds?: number[] }
  | {
      kind: 'wishlist';
      type: 'back_in_stock' | 'price_drop';
      productId: number;
      userId: number;
      deviceIds?: number[];
    };

/** One batch of a promotion campaign: these devices, one request to Expo. */
export const CAMPAIGN_QUEUE = 'push-campaign';
export interface CampaignBatchJob {
  campaignId: number;
  deviceIds: number[];
}

/** Drains the wishlist alert events (every minute; see notifications.service.ts). */
export const WISHLIST_ALERTS_QUEUE = 'wishlist-alerts';

export interface PushReceiptsJob {
  tickets: Array<{ id: string; token: string }>;
  /** How many times the receipts were asked for already (some were not ready). */
  round: number;
}

/** Anything that can enqueue inside the caller's transaction (the jobs repository). */
export interface PushJobs {
  enqueue(queue: string, data: object, options?: JobOptions): Promise<void>;
}

const ORDER_STATUS_PUSH: Record<string, OrderPushType> = {
  processing: 'order_processing',
  shipped: 'order_shipped',
  completed: 'order_completed',
  canceled: 'order_canceled',
};

/** Queues an order's push with the change it reports (same transaction). */
export const enqueueOrderPush = (jobs: PushJobs, orderId: number, type: OrderPushType) =>
  jobs.enqueue(PUSH_QUEUE, { kind: 'order', type, orderId } satisfies PushJob);

/** Queues the push for an order's new status, when that status has one. */
export async function enqueueOrderStatusPush(
  jobs: PushJobs,
  orderId: number,
  status: string,
): Promise<void> {
  const type = ORDER_STATUS_PUSH[status];
  if (type) await enqueueOrderPush(jobs, orderId, type);
}

/** Queues a return's push (same transaction as its status change). */
export const enqueueReturnPush = (
  jobs: PushJobs,
  job: { type: ReturnPushType; orderId: number; returnId: number; returnNumber: string },
) => jobs.enqueue(PUSH_QUEUE, { kind: 'return', ...job } satisfies PushJob);

/** Queues the push telling a customer their gateway payment failed (Razorpay's webhook). */
export const enqueuePaymentFailedPush = (jobs: PushJobs, gatewayOrderId: string, reason: string) =>
  jobs.enqueue(PUSH_QUEUE, { kind: 'payment-failed', gatewayOrderId, reason } satisfies PushJob);

/** Pushes: 5 retries (JOB_RETRY_DELAY_SECONDS apart, doubling), at most 10 min apart. */
export const pushQueuePolicy = (retry: RetryOverrides) =>
  retryPolicy({
    retryDelaySeconds: retry.retryDelaySeconds,
    retryLimit: retry.retryLimit ?? 5,
    retryDelayMaxSeconds: 600,
  });
