import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cumulativeShare,
  pointsBack,
  splitRefund,
  spreadOverRemaining,
  unitsBack,
} from './refunds';

describe('unitsBack', () => {
  it('a line of 3 units of 100.00 cancelled 1 + 1 + 1 gives back exactly its total', () => {
    const line = { amount: 10_000, quantity: 3 };
    const parts = [0, 1, 2].map((before) => unitsBack({ ...line, before }, 1));
    expect(parts).toEqual([3333, 3334, 3333]);
    expect(parts.reduce((sum, part) => sum + part, 0)).toBe(10_000);
  });

  it('is the rounded proportion of the units, whatever the cut', () => {
    expect(unitsBack({ amount: 100, quantity: 3, before: 0 }, 2)).toBe(67);
    expect(unitsBack({ amount: 100, quantity: 3, before: 2 }, 1)).toBe(33);
    expect(unitsBack({ amount: 100, quantity: 3, before: 3 }, 1)).toBe(0);
    expect(cumulativeShare(100, 5, 3)).toBe(100);
  });

  it('sets goodwill already credited on the line off against the units given back after it', () => {
    // 2 × 50.00; 30.00 goodwill credited on the line; the units then give back 70.00 in all.
    const first = unitsBack({ amount: 10_000, quantity: 2, before: 0, allowance: 3_000 }, 1);
    expect(first).toBe(3_500);
    // The first unit set off 15.00 of the allowance: 15.00 is left for the last.
    expect(unitsBack({ amount: 10_000, quantity: 2, before: 1, allowance: 1_500 }, 1)).toBe(3_500);
  });

  it('any cut of the units, with goodwill between, gives back the amount exactly and never less than 0', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5_000_000 }),
        fc.integer({ min: 1, max: 9 }),
        fc.array(fc.tuple(fc.integer({ min: 1, max: 9 }), fc.nat({ max: 1_000_000 })), {
          maxLength: 12,
        }),
        (amount, quantity, steps) => {
          let before = 0;
          let goodwill = 0;
          let unitsGiven = 0;
          for (const [units, wish] of steps) {
            if (before >= quantity) break;
            // Goodwill: at most what is left of the amount.
            const left = amount - goodwill - unitsGiven;
            goodwill += Math.min(wish, left);
            const take = Math.min(units, quantity - before);
            const allowance = goodwill - (cumulativeShare(amount, before, quantity) - unitsGiven);
            const back = unitsBack({ amount, quantity, before, allowance }, take);
            expect(back).toBeGreaterThanOrEqual(0);
            unitsGiven += back;
            before += take;
            expect(unitsGiven + goodwill).toBeLessThanOrEqual(amount);
          }
          if (before < quantity) {
            const allowance = goodwill - (cumulativeShare(amount, before, quantity) - unitsGiven);
            unitsGiven += unitsBack({ amount, quantity, before, allowance }, quantity - before);
          }
          expect(unitsGiven + goodwill).toBe(amount);
        },
      ),
      { numRuns: 3000 },
    );
  });
});

describe('spreadOverRemaining', () => {
  it('spreads by what is left of each part, exactly, and refuses more than is left', () => {
    expect(spreadOverRemaining(100, [300, 100, 0])).toEqual([75, 25, 0]);
    expect(spreadOverRemaining(0, [0, 0])).toEqual([0, 0]);
    expect(() => spreadOverRemaining(401, [300, 100])).toThrow(RangeError);
  });
});

describe('splitRefund', () => {
  const available = { gatewayCents: 5_000, giftCardCents: 2_000, loyaltyCents: 500 };

  it('the gateway first, then the gift cards, then points', () => {
    expect(splitRefund(4_000, available)).toEqual({
      gatewayCents: 4_000,
      giftCardCents: 0,
      loyaltyCents: 0,
    });
    expect(splitRefund(6_000, available)).toEqual({
      gatewayCents: 5_000,
      giftCardCents: 1_000,
      loyaltyCents: 0,
    });
    expect(splitRefund(7_500, available)).toEqual({
      gatewayCents: 5_000,
      giftCardCents: 2_000,
      loyaltyCents: 500,
    });
  });

  it('refuses more than every source can take back, or a part of a cent', () => {
    expect(() => splitRefund(7_501, available)).toThrow(RangeError);
    expect(() => splitRefund(1.5, available)).toThrow(RangeError);
    expect(() => splitRefund(-1, available)).toThrow(RangeError);
  });
});

describe('pointsBack', () => {
  it('gives the points back in proportion to their value, all of them with the whole value', () => {
    const spent = { points: 333, cents: 1_000 };
    const parts = [
      pointsBack(spent, 0, 100),
      pointsBack(spent, 100, 450),
      pointsBack(spent, 550, 450),
    ];
    expect(parts).toEqual([33, 150, 150]);
    expect(parts.reduce((sum, part) => sum + part, 0)).toBe(333);
    expect(pointsBack({ points: 0, cents: 0 }, 0, 10)).toBe(0);
  });
});
