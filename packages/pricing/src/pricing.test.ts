import { describe, expect, it } from 'vitest';
import { type CouponRules, computeTotals, evaluateCoupon, mulDivHalfUp } from './pricing';

const coupon = (overrides: Partial<CouponRules> = {}): CouponRules => ({
  code: 'SAVE',
  type: 'percentage',
  value: 10,
  minSubtotalCents: null,
  startsAt: null,
  endsAt: null,
  usageLimit: null,
  usageLimitPerCustomer: null,
  timesUsed: 0,
  active: true,
  ...overrides,
});
const now = new Date('2026-11-22T12:00:00Z');
const context = { subtotalCents: 10_000, now, customerUses: 0, currency: 'USD' };

describe('cart pricing', () => {
  it('rounds half up in integer arithmetic', () => {
    expect(mulDivHalfUp(1005, 10, 100)).toBe(101); // 100.5 → 101
    expect(mulDivHalfUp(1004, 10, 100)).toBe(100);
    expect(mulDivHalfUp(999, 2000, 10_000)).toBe(200); // 199.8 → 200
  });

  it('keeps subtotal − discount + shipping + tax = total exactly', () => {
    for (const [subtotal, discount, shipping, rate] of [
      [1999, 200, 499, 2000],
      [333, 33, 0, 1925],
      [10, 10, 0, 2000],
      [123_457, 0, 1500, 825],
    ] as const) {
      const totals = computeTotals({
        subtotalCents: subtotal,
        discountCents: discount,
        shippingCents: shipping,
        taxRateBasisPoints: rate,
      });
      expect(
        totals.subtotalCents - totals.discountCents + totals.shippingCents + totals.taxCents,
      ).toBe(totals.totalCents);
      expect(totals.totalCents).toBeGreaterThanOrEqual(0);
    }
  });

  it('taxes the subtotal after discount', () => {
    expect(
      computeTotals({
        subtotalCents: 10_000,
        discountCents: 1_000,
        shippingCents: 500,
        taxRateBasisPoints: 2000,
      }),
    ).toEqual({
      subtotalCents: 10_000,
      discountCents: 1_000,
      shippingCents: 500,
      taxCents: 1_800,
      codFeeCents: 0,
      totalCents: 11_300,
    });
  });

  it('applies percentage and fixed coupons, never beyond the subtotal', () => {
    expect(evaluateCoupon(coupon(), context)).toEqual({ valid: true, discountCents: 1000 });
    expect(evaluateCoupon(coupon({ type: 'fixed', value: 2500 }), context)).toEqual({
      valid: true,
      discountCents: 2500,
    });
    expect(evaluateCoupon(coupon({ type: 'fixed', value: 50_000 }), context)).toEqual({
      valid: true,
      discountCents: 10_000,
    });
    expect(evaluateCoupon(coupon({ value: 100 }), context)).toEqual({
      valid: true,
      discountCents: 10_000,
    });
  });

  it('gives a clear reason for every refusal', () => {
    const reasons = [
      coupon({ active: false }),
      coupon({ startsAt: new Date('2026-12-01T00:00:00Z') }),
      coupon({ endsAt: new Date('2026-11-01T00:00:00Z') }),
      coupon({ usageLimit: 3, timesUsed: 3 }),
      coupon({ minSubtotalCents: 20_000 }),
    ].map((c) => evaluateCoupon(c, context));
    expect(reasons.map((r) => (r.valid ? 'valid' : r.reason))).toEqual([
      'Coupon SAVE is no longer active.',
      'Coupon SAVE is valid from 2026-12-01.',
      'Coupon SAVE expired on 2026-11-01.',
      'Coupon SAVE has been fully redeemed.',
      'Coupon SAVE needs a subtotal of at least 200.00 USD.',
    ]);
    const perCustomer = evaluateCoupon(coupon({ usageLimitPerCustomer: 1 }), {
      ...context,
      customerUses: 1,
    });
    expect(perCustomer).toEqual({ valid: false, reason: 'You have already used coupon SAVE.' });
  });
});
