import { describe, expect, it } from 'vitest';
import { applyCredits, maxPointsFor, pointsToCents } from './credits';

const rates = { pointValueMicros: 10_000, maxRedeemShareBp: 5_000 };

describe('applyCredits', () => {
  it('without credits the amount due is the total', () => {
    expect(applyCredits({ totalCents: 4_321, cards: [] })).toEqual({
      cards: [],
      giftCardCents: 0,
      loyaltyPoints: 0,
      loyaltyCents: 0,
      amountDueCents: 4_321,
    });
  });

  it('spends cards in the order applied, each up to its balance, never below zero', () => {
    const credits = applyCredits({
      totalCents: 5_000,
      cards: [
        { id: 1, last4: 'AAAA', balanceCents: 3_000 },
        { id: 2, last4: 'BBBB', balanceCents: 4_000 },
        { id: 3, last4: 'CCCC', balanceCents: 1_000 },
      ],
    });
    expect(credits.cards.map((c) => c.amountCents)).toEqual([3_000, 2_000, 0]);
    expect(credits.giftCardCents).toBe(5_000);
    expect(credits.amountDueCents).toBe(0);
  });

  it('points first, at most the share of the total, then the cards', () => {
    const credits = applyCredits({
      totalCents: 1_000,
      cards: [{ id: 1, last4: 'AAAA', balanceCents: 10_000 }],
      loyalty: { points: 800, rates },
    });
    // 50 % of 10.00 = 5.00 = 500 points at 0.01.
    expect(credits.loyaltyPoints).toBe(500);
    expect(credits.loyaltyCents).toBe(500);
    expect(credits.giftCardCents).toBe(500);
    expect(credits.amountDueCents).toBe(0);
  });

  it('total = gift cards + loyalty + amount due, for odd values', () => {
    for (const totalCents of [0, 1, 7, 999, 12_345]) {
      const credits = applyCredits({
        totalCents,
        cards: [{ id: 1, last4: 'AAAA', balanceCents: 333 }],
        loyalty: { points: 10_000, rates: { pointValueMicros: 3_333, maxRedeemShareBp: 3_333 } },
      });
      expect(credits.giftCardCents + credits.loyaltyCents + credits.amountDueCents).toBe(
        totalCents,
      );
      expect(credits.amountDueCents).toBeGreaterThanOrEqual(0);
    }
  });

  it('points are worth their value rounded down', () => {
    expect(pointsToCents(150, 10_000)).toBe(150);
    expect(pointsToCents(3, 3_333)).toBe(0);
    expect(maxPointsFor(1_001, rates)).toBe(500);
  });
});
