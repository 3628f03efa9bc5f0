import type { PaymentMethodType } from '@storefront/db/schema';
import { type RetryOverrides, retryPolicy } from '../../retry-policy';
import type { PaymentProviders } from './providers';

/**
 * Refunds and payment events: 30 retries from 2 s, at most an hour apart (the first ten within
 * about half an hour, then hourly): a gateway that is down for a while, or a refund it processes
 * slowly, is waited out for about a day; after that the job stays failed (admin.jobs.failed /
 * retry) and the order stays `refund_pending`.
 */
export const paymentQueuePolicy = (retry: RetryOverrides) =>
  retryPolicy({
    retryDelaySeconds: retry.retryDelaySeconds,
    retryLimit: retry.retryLimit ?? 30,
    retryDelayMaxSeconds: 3600,
  });

/** A refund the caller decided on (orders/refunds.ts): what goes back, and where. */
export interface RefundRequest {
  /** Which way the payment went: the refund goes back the same way. */
  methodType: PaymentMethodType;
  paymentId: string;
  amountMinor: number;
  currency: string;
  /** The shop's unique name for the refund: asking again under it never refunds twice. */
  receipt: string;
  notes?: Record<string, string>;
  /** The gateway's id of a refund asked for earlier; null when none was asked for yet. */
  refundReference: string | null;
  /** Stores the gateway's refund id the moment it is known, before anything else can fail. */
  recordReference: (refundId: string | null) => Promise<void>;
}

/**
 * Carries out refunds at the gateway; which refund, and of how much, is the caller's decision.
 * Idempotent over retries: the gateway's refund id is recorded (through the caller) before
 * anything else, so a retry asks whether that refund has settled instead of refunding twice;
 * and a retry that never learnt the id asks under the same receipt, which the provider answers
 * with the refund it already made.
 */
export function createRefundExecution(payments: PaymentProviders) {
  return {
    /** Whether the refund has been processed by the gateway; throws when it cannot be reached. */
    async execute(request: RefundRequest): Promise<boolean> {
      const provider = payments.forType(request.methodType);
      if (request.refundReference) return provider.refundSettled(request.refundReference);
      const refund = await provider.refund({
        paymentId: request.paymentId,
        amountMinor: request.amountMinor,
        currency: request.currency,
        receipt: request.receipt,
        notes: request.notes,
      });
      await request.recordReference(refund.refundId);
      return refund.settled;
    },
  };
}

export type RefundExecution = ReturnType<typeof createRefundExecution>;
