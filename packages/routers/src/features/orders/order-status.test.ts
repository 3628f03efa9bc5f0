import { ORDER_STATUSES } from '@storefront/db/schema';
import { describe, expect, it } from 'vitest';
import type { AppError } from '../../errors';
import { assertTransition, canTransition, paymentStatusAfterCancel } from './order-status';

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

  it('refunds a paid order on cancellation only', () => {
    expect(paymentStatusAfterCancel('paid')).toBe('refund_pending');
    expect(paymentStatusAfterCancel('pending')).toBe('pending');
  });
});
