import { describe, expect, it } from 'vitest';
import type { RefundRequest } from '../payments';
import type { OrderRecord } from './orders.repository';
import { createOrderRefunds, REFUND_QUEUE } from './refunds';

/*
 * The refund decision is orders' (which order, how much, when it is settled); payments only
 * carries it out. These check the decision against a recording executor, without a database: the
 * flows end to end are in apps/api/test/razorpay*.test.ts on both databases.
 */
function setUp(order: Partial<OrderRecord>, executed: { settled: boolean; refundId: string }) {
  const row = {
    id: 7,
    paymentStatus: 'refund_pending',
    paymentMethod: 'upi',
    gatewayPaymentId: 'pay_1',
    totalCents: 10_000,
    giftCardCents: 2_500,
    loyaltyCents: 500,
    currency: 'INR',
    refundReference: null,
    ...order,
  } as OrderRecord;
  const requests: Omit<RefundRequest, 'recordReference'>[] = [];
  const queued: [string, object][] = [];
  const counted: string[] = [];
  const refunds = createOrderRefunds({
    orders: {
      find: async (id) => (id === row.id ? row : undefined),
      findByRefundReference: async (refundId) =>
        row.refundReference === refundId ? row : undefined,
      update: async (_id, changes) => {
        Object.assign(row, changes);
        return row;
      },
      settleRefund: async () => {
        if (row.paymentStatus !== 'refund_pending') return false;
        row.paymentStatus = 'refunded';
        return true;
      },
    } as Parameters<typeof createOrderRefunds>[0]['orders'],
    reference: { paymentMethodType: async (code) => (code === 'upi' ? 'gateway' : undefined) },
    refunds: {
      async execute({ recordReference, ...request }) {
        requests.push(request);
        if (!request.refundReference) await recordReference(executed.refundId);
        return executed.settled;
      },
    },
    jobs: { enqueue: async (queue, data) => void queued.push([queue, data]) },
    metrics: { payment: (outcome: string) => void counted.push(outcome) } as never,
  });
  return { row, refunds, requests, queued, counted };
}

describe('order refunds: orders decides, payments executes', () => {
  it('refunds what the gateway took (the amount due after cards and points), the way it paid', async () => {
    const { row, refunds, requests, counted } = setUp({}, { settled: true, refundId: 'rfnd_1' });
    await refunds.process(7);
    expect(requests).toEqual([
      {
        methodType: 'gateway',
        paymentId: 'pay_1',
        amountMinor: 7_000,
        currency: 'INR',
        refundReference: null,
      },
    ]);
    expect(row).toMatchObject({ refundReference: 'rfnd_1', paymentStatus: 'refunded' });
    expect(counted).toEqual(['refunded']);
  });

  it('a refund not processed yet: its id is kept and the job throws, to ask again later', async () => {
    const { row, refunds, requests } = setUp({}, { settled: false, refundId: 'rfnd_2' });
    await expect(refunds.process(7)).rejects.toThrow(/not processed by the gateway yet/);
    expect(row).toMatchObject({ refundReference: 'rfnd_2', paymentStatus: 'refund_pending' });
    await expect(refunds.process(7)).rejects.toThrow();
    expect(requests.map((request) => request.refundReference)).toEqual([null, 'rfnd_2']);
  });

  it('an order no longer refund_pending is done: nothing is asked of the gateway', async () => {
    const { refunds, requests } = setUp(
      { paymentStatus: 'refunded' },
      { settled: true, refundId: 'x' },
    );
    await refunds.process(7);
    expect(requests).toEqual([]);
  });

  it('the gateway’s news: processed settles once, failed asks for a new refund', async () => {
    const settled = setUp({ refundReference: 'rfnd_3' }, { settled: true, refundId: 'x' });
    expect(
      await settled.refunds.onGatewayRefund('refund processed', 'rfnd_3', 'refund.processed'),
    ).toBe('order 7 refunded');
    expect(
      await settled.refunds.onGatewayRefund('refund processed', 'rfnd_3', 'refund.processed'),
    ).toBe('order 7: refund.processed, nothing to do');
    expect(await settled.refunds.onGatewayRefund('refund failed', 'rfnd_9', 'refund.failed')).toBe(
      'no order has this refund',
    );

    const failed = setUp({ refundReference: 'rfnd_4' }, { settled: true, refundId: 'x' });
    expect(await failed.refunds.onGatewayRefund('refund failed', 'rfnd_4', 'refund.failed')).toBe(
      'order 7: refund failed, requested again',
    );
    expect(failed.row).toMatchObject({ refundReference: null, paymentStatus: 'refund_pending' });
    expect(failed.queued).toEqual([[REFUND_QUEUE, { orderId: 7 }]]);
  });
});
