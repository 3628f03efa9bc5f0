import { ORDER_STATUSES } from '@storefront/db/schema';
import { describe, expect, it } from 'vitest';
import type { AppError } from '../../errors';
import { assertTransition, canTransition } from './order-status';
import type { OrderRecord } from './orders.repository';
import { paymentStatusAfter } from './refund-ledger.steps';
import type { RefundSums } from './refunds.repository';

describe('order status machine', () => {
  const allowed = new Set([
    'pending>processing',
    'pending>canceled',
    'processing>shipped',
    'processing>canceled',
    'shipped>completed',
  ]);

  it('allows exactly the contract transitions', () => {
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        expect(canTransition(from, to), `${from} → ${to}`).toBe(allowed.has(`${from}>${to}`));
      }
    }
  });

  it('refuses cancellation with ORDER_NOT_CANCELLABLE and other moves with VALIDATION_ERROR', () => {
    for (const from of ['shipped', 'completed', 'canceled'] as const) {
      expect(() => assertTransition(from, 'canceled')).toThrow(
        expect.objectContaining({ errorCode: 'ORDER_NOT_CANCELLABLE' }) as unknown as AppError,
      );
    }
    expect(() => assertTransition('pending', 'shipped')).toThrow(
      expect.objectContaining({ errorCode: 'VALIDATION_ERROR' }) as unknown as AppError,
    );
  });

  it('refunds a paid order on cancellation only; part of it is partially_refunded', () => {
    const order = (paymentStatus: OrderRecord['paymentStatus']) =>
      ({
        paymentStatus,
        totalCents: 1000,
        giftCardCents: 0,
        loyaltyCents: 0,
        canceledDueCents: 0,
      }) as OrderRecord;
    const sums = (refundedCents: number, pending: number) =>
      ({ refundedCents, pending }) as RefundSums;
    expect(paymentStatusAfter(order('paid'), sums(1000, 1))).toBe('refund_pending');
    expect(paymentStatusAfter(order('refund_pending'), sums(1000, 0))).toBe('refunded');
    expect(paymentStatusAfter(order('paid'), sums(400, 1))).toBe('partially_refunded');
    expect(paymentStatusAfter(order('partially_refunded'), sums(0, 0))).toBe('paid');
    expect(paymentStatusAfter(order('pending'), sums(300, 0))).toBe('pending');
  });
});
