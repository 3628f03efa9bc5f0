/*
 * What gift cards and loyalty points pay of an order, computed after the cart's totals (the
 * cart's own arithmetic is untouched): points first (the customer chose how many, within the
 * store's share), then the cards in the order they were applied, each up to its balance.
 * amount_due = total − loyalty − gift cards, never below 0. Integer minor units throughout.
 */

export interface CardAvailable {
  id: number;
  last4: string;
  balanceCents: number;
}

/**
 * What a point is worth and how much of a total points may pay (the loyalty slice's settings,
 * `LoyaltyRates` there; only the two numbers the arithmetic needs here).
 */
export interface PointRates {
  /** A point's worth in millionths of the currency unit (0.01 → 10 000). */
  pointValueMicros: number;
  /** The most of the total points may pay, in basis points (0.5 → 5 000). */
  maxRedeemShareBp: number;
}

export interface Credits {
  cards: { id: number; last4: string; amountCents: number }[];
  giftCardCents: number;
  loyaltyPoints: number;
  loyaltyCents: number;
  amountDueCents: number;
}

/** Cents `points` are worth, rounded down (the shop never gives more than the rate). */
export const pointsToCents = (points: number, pointValueMicros: number) =>
  Math.floor((points * pointValueMicros) / 10_000);

/** The most points that may pay for an order of `totalCents`. */
export function maxPointsFor(totalCents: number, rates: PointRates): number {
  if (rates.pointValueMicros <= 0) return 0;
  const shareCents = Math.floor((totalCents * rates.maxRedeemShareBp) / 10_000);
  return Math.floor((shareCents * 10_000) / rates.pointValueMicros);
}

/** The amount due of a total after points, then cards (the rules at the top of this file). */
export function applyCredits(input: {
  totalCents: number;
  cards: CardAvailable[];
  loyalty?: { points: number; rates: PointRates } | undefined;
}): Credits {
  let remaining = input.totalCents;
  let loyaltyPoints = 0;
  let loyaltyCents = 0;
  if (input.loyalty && input.loyalty.points > 0) {
    loyaltyPoints = Math.min(input.loyalty.points, maxPointsFor(remaining, input.loyalty.rates));
    loyaltyCents = Math.min(
      pointsToCents(loyaltyPoints, input.loyalty.rates.pointValueMicros),
      remaining,
    );
    remaining -= loyaltyCents;
  }
  const cards = input.cards.map((card) => {
    const amountCents = Math.max(0, Math.min(card.balanceCents, remaining));
    remaining -= amountCents;
    return { id: card.id, last4: card.last4, amountCents };
  });
  return {
    cards,
    giftCardCents: cards.reduce((sum, card) => sum + card.amountCents, 0),
    loyaltyPoints,
    loyaltyCents,
    amountDueCents: remaining,
  };
}
