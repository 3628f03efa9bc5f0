import { describe, expect, it } from 'vitest';
import type { RefundRequest } from '../payments';
import type { OrderRecord } from './orders.repository';
import { createOrderRefunds, REFUND_QUEUE } from './refunds';
import type { RefundRecord, RefundSums } from './refunds.repository';

/*
 * The refund decision is orders' (which row, how much, when it is settled); payments only
 * carries it out. These check the job and the gateway's news against a recording executor and
 * an in-memory ledger, without a database: the flows end to end are in
 * apps/api/test/razorpay*.test.ts, partial-refunds.test.ts and cancel-items.test.ts.
 */
function setUp(
  row: Partial<RefundRecord>,
  executed: { settled: boolean; refundId: string },
  order: Partial<OrderRecord> = {},
) {
  const orderRow = {
    id: 7,
    orderNumber: 'SF-2026-000007',
    status: 'canceled',
    paymentStatus: 'refund_pending',
    paymentMethod: 'upi',
    gatewayPaymentId: 'pay_1',
    totalCents: 10_000,
    giftCardCents: 2_500,
    loyaltyCents: 500,
    canceledDueCents: 0,
    refundedCents: 10_000,
    currency: 'INR',
    refundReference: null,
    ...order,
  } as OrderRecord;
  const rows: RefundRecord[] = [
    {
      id: 3,
      orderId: 7,
      amountCents: 10_000,
      gatewayCents: 7_000,
      giftCardCents: 2_500,
      loyaltyCents: 500,
      uncollectedCents: 0,
      storeCreditCents: 0,
      loyaltyPoints: 50,
      reason: 'Changed my mind',
      kind: 'cancel',
      lines: [],
      receipt: 'SF-2026-000007-R1',
      gatewayRefundId: null,
      status: 'pending',
      retryOfId: null,
      attempt: 0,
      gatewaySpeed: null,
      creditNoteId: null,
      toStoreCredit: false,
      requestedById: null,
      decidedById: null,
      decidedAt: null,
      declineReason: null,
      createdAt: new Date(),
      settledAt: null,
      ...row,
    },
  ];
  const sums = (): RefundSums => {
    const live = rows.filter((r) => r.status !== 'failed');
    const total = (pick: (r: RefundRecord) => number, from = rows) =>
      from.reduce((sum, r) => sum + pick(r), 0);
    const gatewayCents = total((r) => r.gatewayCents, live);
    const giftCardCents = total((r) => r.giftCardCents);
    const loyaltyCents = total((r) => r.loyaltyCents);
    return {
      refundedCents: gatewayCents + giftCardCents + loyaltyCents,
      gatewayCents,
      giftCardCents,
      loyaltyCents,
      storeCreditCents: 0,
      uncollectedCents: total((r) => r.uncollectedCents),
      pending: rows.filter((r) => r.status === 'pending').length,
      awaitingCents: 0,
      rows: rows.length,
    };
  };
  const requests: Omit<RefundRequest, 'recordReference'>[] = [];
  const queued: [string, object][] = [];
  const counted: string[] = [];
  const events: string[] = [];
  const ledger = {
    find: async (id: number) => rows.find((r) => r.id === id),
    findByGatewayRefund: async (id: string) => rows.find((r) => r.gatewayRefundId === id),
    pendingGateway: async (orderId: number) =>
      rows.filter((r) => r.orderId === orderId && r.status === 'pending' && r.gatewayCents > 0),
    recordGatewayRefund: async (id: number, refundId: string | null) => {
      const found = rows.find((r) => r.id === id);
      if (found && found.gatewayRefundId === null) found.gatewayRefundId = refundId;
    },
    sums: async () => sums(),
    settle: async (id: number, status: 'processed' | 'failed') => {
      const found = rows.find((r) => r.id === id);
      if (found?.status !== 'pending') return false;
      found.status = status;
      return true;
    },
    insert: async (values: Partial<RefundRecord>) => {
      const created = {
        ...rows[0],
        gatewayRefundId: null,
        settledAt: null,
        ...values,
        id: rows.length + 3,
      } as RefundRecord;
      rows.push(created);
      return created;
    },
    setOrderSums: async (_id: number, values: Partial<OrderRecord>) => {
      Object.assign(orderRow, values);
    },
  };
  const orders = {
    find: async (id: number) => (id === orderRow.id ? orderRow : undefined),
    update: async (_id: number, changes: Partial<OrderRecord>) => Object.assign(orderRow, changes),
    addEvent: async (_id: number, _status: string, text: string) => void events.push(text),
  };
  const jobs = { enqueue: async (queue: string, data: object) => void queued.push([queue, data]) };
  const refunds = createOrderRefunds({
    orders: orders as never,
    ledger: ledger as never,
    inTransaction: (work) => work({ orders, refunds: ledger, jobs } as never),
    // One automatic retry (REFUND_MAX_ATTEMPTS=1), at once.
    retrySeconds: 0,
    maxAttempts: 1,
    reference: { paymentMethodType: async (code) => (code === 'upi' ? 'gateway' : undefined) },
    gateway: {
      async execute({ recordReference, ...request }) {
        requests.push(request);
        if (!request.refundReference) await recordReference(executed.refundId);
        return executed.settled;
      },
    },
    metrics: { payment: (outcome: string) => void counted.push(outcome) } as never,
    clock: { now: () => new Date() },
  });
  return { orderRow, rows, refunds, requests, queued, counted, events, executed };
}

describe('order refunds: orders decides, payments executes', () => {
  it('asks for the row’s gateway part under its receipt, the way the order paid', async () => {
    const { orderRow, rows, refunds, requests, counted, events } = setUp(
      {},
      { settled: true, refundId: 'rfnd_1' },
    );
    await refunds.process({ orderId: 7, refundId: 3 });
    expect(requests).toEqual([
      {
        methodType: 'gateway',
        paymentId: 'pay_1',
        amountMinor: 7_000,
        currency: 'INR',
        receipt: 'SF-2026-000007-R1',
        notes: { order_number: 'SF-2026-000007', refund: 'SF-2026-000007-R1' },
        refundReference: null,
      },
    ]);
    expect(rows[0]).toMatchObject({ gatewayRefundId: 'rfnd_1', status: 'processed' });
    expect(orderRow).toMatchObject({ refundReference: 'rfnd_1', paymentStatus: 'refunded' });
    expect(counted).toEqual(['refunded']);
    expect(events).toEqual(['Payment refunded.']);
  });

  it('a refund not processed yet: its id is kept and the job throws, to ask again later', async () => {
    const { rows, refunds, requests } = setUp({}, { settled: false, refundId: 'rfnd_2' });
    await expect(refunds.process({ orderId: 7, refundId: 3 })).rejects.toThrow(
      /not processed by the gateway yet/,
    );
    expect(rows[0]).toMatchObject({ gatewayRefundId: 'rfnd_2', status: 'pending' });
    await expect(refunds.process({ orderId: 7, refundId: 3 })).rejects.toThrow();
    expect(requests.map((request) => request.refundReference)).toEqual([null, 'rfnd_2']);
  });

  it('a row no longer pending is done; a job from before the ledger finds the order’s rows', async () => {
    const done = setUp({ status: 'processed' }, { settled: true, refundId: 'x' });
    await done.refunds.process({ orderId: 7, refundId: 3 });
    await done.refunds.process({ orderId: 7 });
    expect(done.requests).toEqual([]);
    const legacy = setUp({}, { settled: true, refundId: 'rfnd_5' });
    await legacy.refunds.process({ orderId: 7 });
    expect(legacy.requests).toHaveLength(1);
    expect(legacy.rows[0]?.status).toBe('processed');
  });

  it('the gateway’s news: processed settles once, failed asks for a new refund once', async () => {
    const settled = setUp({ gatewayRefundId: 'rfnd_3' }, { settled: true, refundId: 'x' });
    expect(
      await settled.refunds.onGatewayRefund('refund processed', 'rfnd_3', 'refund.processed'),
    ).toBe('order 7 refunded');
    expect(
      await settled.refunds.onGatewayRefund('refund processed', 'rfnd_3', 'refund.processed'),
    ).toBe('order 7: refund.processed, nothing to do');
    expect(await settled.refunds.onGatewayRefund('refund failed', 'rfnd_9', 'refund.failed')).toBe(
      'no order has this refund',
    );

    const failed = setUp({ gatewayRefundId: 'rfnd_4' }, { settled: true, refundId: 'x' });
    expect(await failed.refunds.onGatewayRefund('refund failed', 'rfnd_4', 'refund.failed')).toBe(
      'order 7: refund failed, requested again',
    );
    const [first, retry] = failed.rows;
    expect(first?.status).toBe('failed');
    expect(retry).toMatchObject({
      retryOfId: 3,
      gatewayCents: 7_000,
      amountCents: 7_000,
      status: 'pending',
      receipt: 'SF-2026-000007-R2',
    });
    expect(failed.orderRow.paymentStatus).toBe('refund_pending');
    expect(failed.queued).toEqual([[REFUND_QUEUE, { orderId: 7, refundId: retry?.id }]]);
    // The retry failing too (its attempts spent) waits for the shop: no third row.
    Object.assign(failed.executed, { settled: false, refundId: 'rfnd_5' });
    await expect(
      failed.refunds.process({ orderId: 7, refundId: retry?.id ?? 0 }),
    ).rejects.toThrow();
    expect(await failed.refunds.onGatewayRefund('refund failed', 'rfnd_5', 'refund.failed')).toBe(
      'order 7: refund SF-2026-000007-R2 failed, waiting for the shop',
    );
    expect(failed.rows).toHaveLength(2);
    expect(failed.orderRow.paymentStatus).toBe('partially_refunded');
  });
});
