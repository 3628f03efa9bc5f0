import type { BusinessMetrics, Clock } from '../../ports';
import type { InTransaction } from '../../transactions';
import type { PaymentEventHandlers, RefundExecution } from '../payments';
import type { ReferenceDataRepository } from '../store-settings';
import type { OrderRecord, OrdersRepository } from './orders.repository';
import { enqueueRefund, type LedgerRepositories, writeOrderSums } from './refund-ledger.steps';
import type { RefundRecord, RefundsRepository } from './refunds.repository';

export { REFUND_QUEUE, type RefundJob } from './refund-ledger.steps';

/** What settling a refund row needs in its transaction: the order's lock and the ledger. */
export interface SettleRepositories extends Pick<LedgerRepositories, 'refunds' | 'jobs'> {
  orders: Pick<OrdersRepository, 'find' | 'update' | 'addEvent'>;
}

export interface OrderRefundsDeps {
  orders: Pick<OrdersRepository, 'find' | 'update'>;
  ledger: Pick<
    RefundsRepository,
    'find' | 'findByGatewayRefund' | 'pendingGateway' | 'recordGatewayRefund' | 'recordSpeed'
  >;
  inTransaction: InTransaction<SettleRepositories>;
  /** Which way the order paid (a refund goes back the same way). */
  reference: Pick<ReferenceDataRepository, 'paymentMethodType'>;
  /** Carries the refund out at the gateway (payments). */
  gateway: RefundExecution;
  metrics: BusinessMetrics;
  clock: Clock;
  /** A failed gateway part is asked for again automatically this often (REFUND_RETRY_SECONDS)… */
  retrySeconds: number;
  /** …at most this many times after the first attempt (REFUND_MAX_ATTEMPTS); then the shop's. */
  maxAttempts: number;
}

/**
 * The gateway part of the ledger's refunds (docs/refunds.md): the job that asks the gateway for
 * a row's money and the gateway's news about it. Orders decides; payments carries each refund
 * out. `process` is idempotent: a row no longer `pending` is done, the gateway's refund id is
 * stored the moment it is known, and a job that died before storing it asks again under the
 * row's receipt, which the provider answers with the refund it already made. It throws (→ retry)
 * while the gateway has not processed the refund.
 */
export function createOrderRefunds(deps: OrderRefundsDeps) {
  const { orders, metrics } = deps;

  /**
   * Settles a pending row in a transaction holding the order's lock: processed, or failed —
   * then its gateway part is asked for again by a new row (`retry_of_id`, the next `attempt`)
   * REFUND_RETRY_SECONDS later, up to REFUND_MAX_ATTEMPTS times after the first; a failure past
   * them waits for the shop (admin.refunds.failed / retry). False when it was settled already.
   */
  async function settle(row: RefundRecord, outcome: 'processed' | 'failed') {
    return deps.inTransaction(async (tx) => {
      const order = await tx.orders.find(row.orderId, undefined, { lock: true });
      if (!order || !(await tx.refunds.settle(row.id, outcome, deps.clock.now()))) return false;
      let retry: RefundRecord | undefined;
      if (outcome === 'failed' && row.attempt < deps.maxAttempts) {
        retry = await retryGatewayPart(
          tx,
          order,
          row,
          'Asked again after the gateway failed it.',
          deps.retrySeconds,
        );
      }
      const before = order.paymentStatus;
      const updated = await writeOrderSums(tx, order);
      if (updated.paymentStatus === 'refunded' && before !== 'refunded') {
        await tx.orders.addEvent(order.id, order.status, 'Payment refunded.');
      }
      return { updated, retry };
    });
  }

  async function processRow(row: RefundRecord): Promise<void> {
    if (row.status !== 'pending' || row.gatewayCents === 0) return;
    const order = await orders.find(row.orderId);
    if (!order) return;
    const settled = await deps.gateway.execute({
      methodType: (await deps.reference.paymentMethodType(order.paymentMethod)) ?? 'card',
      paymentId: order.gatewayPaymentId ?? '',
      amountMinor: row.gatewayCents,
      currency: order.currency,
      receipt: row.receipt,
      notes: { order_number: order.orderNumber, refund: row.receipt },
      refundReference: row.gatewayRefundId,
      recordReference: async (refundId) => {
        await deps.ledger.recordGatewayRefund(row.id, refundId);
        // The order shows its latest gateway refund too (what the panel linked before the ledger).
        if (refundId) await orders.update(order.id, { refundReference: refundId });
      },
    });
    if (!settled) throw new Error(`refund ${row.receipt} not processed by the gateway yet`);
    const done = await settle(row, 'processed');
    if (done && done.updated.paymentStatus === 'refunded') metrics.payment('refunded');
  }

  return {
    /** The refund job: the row's gateway part (or, a job from before the ledger, the order's). */
    async process(job: { orderId: number; refundId?: number | undefined }): Promise<void> {
      const rows = job.refundId
        ? [await deps.ledger.find(job.refundId)]
        : await deps.ledger.pendingGateway(job.orderId);
      for (const row of rows) if (row) await processRow(row);
    },

    /** The gateway's news about a refund (the webhook, handed over by payments). */
    onGatewayRefund: (async (kind, refundId, event, speed?: string) => {
      if (kind === 'refund speed changed') {
        const changed = await deps.ledger.recordSpeed(refundId, speed ?? 'unknown');
        return changed
          ? `order ${changed.orderId}: refund ${changed.receipt} now ${speed}`
          : 'no order has this refund';
      }
      const row = await deps.ledger.findByGatewayRefund(refundId);
      if (!row) return 'no order has this refund';
      if (row.status !== 'pending') return `order ${row.orderId}: ${event}, nothing to do`;
      const outcome = kind === 'refund processed' ? 'processed' : 'failed';
      const done = await settle(row, outcome);
      if (!done) return `order ${row.orderId}: ${event}, nothing to do`;
      if (outcome === 'processed') {
        if (done.updated.paymentStatus === 'refunded') metrics.payment('refunded');
        return done.updated.paymentStatus === 'refunded'
          ? `order ${row.orderId} refunded`
          : `order ${row.orderId}: refund ${row.receipt} processed`;
      }
      return done.retry
        ? `order ${row.orderId}: refund failed, requested again`
        : `order ${row.orderId}: refund ${row.receipt} failed, waiting for the shop`;
    }) satisfies PaymentEventHandlers['refund'],
  };
}

/**
 * A new row asking again for a failed row's gateway part (the cards and points part was given
 * back when the failed row was written): same order, same credit note, its own receipt, the next
 * attempt. In the caller's transaction, with the order locked; the unique `retry_of_id` makes it
 * once per row. The automatic retry and the shop's (admin.refunds.retry, admin.orders.retryRefund)
 * both come here.
 */
export async function retryGatewayPart(
  tx: SettleRepositories,
  order: Pick<OrderRecord, 'orderNumber'>,
  failed: RefundRecord,
  reason: string,
  afterSeconds?: number,
): Promise<RefundRecord> {
  const sums = await tx.refunds.sums(failed.orderId);
  const retry = await tx.refunds.insert({
    orderId: failed.orderId,
    amountCents: failed.gatewayCents,
    gatewayCents: failed.gatewayCents,
    reason,
    kind: failed.kind,
    lines: [],
    receipt: `${order.orderNumber}-R${sums.rows + 1}`,
    retryOfId: failed.id,
    attempt: failed.attempt + 1,
    creditNoteId: failed.creditNoteId,
    status: 'pending',
  });
  await enqueueRefund(tx.jobs, retry, afterSeconds);
  return retry;
}

export type OrderRefunds = ReturnType<typeof createOrderRefunds>;
