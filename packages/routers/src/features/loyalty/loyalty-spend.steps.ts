import type { PointRates } from '@storefront/pricing';
import { AppError } from '../../errors';
import type { LoyaltyRepository, LoyaltySettingsRecord } from './loyalty.repository';
import { MAX_LOYALTY_POINTS } from './loyalty.schemas';

/*
 * Place-order's loyalty steps and their undo, side by side, plus earning on completion. Spending
 * locks the customer's account row (FOR UPDATE) in the order's transaction: of two orders racing
 * for the same points only what the balance holds is spent. As for gift cards, the rule is what
 * the customer saw: points that would pay fewer than the cart's last answer showed
 * (cart_loyalty_points.shown_points) refuse the order (422 LOYALTY_BALANCE_CHANGED), which writes
 * nothing; the next cart answer shows what the balance holds, and placing after it succeeds.
 */

export interface LoyaltyRepositories {
  loyalty: LoyaltyRepository;
}

/** The store's loyalty rates: a point's worth and the share of a total points may pay. */
export type LoyaltyRates = PointRates;

export const ratesOf = (settings: LoyaltySettingsRecord): LoyaltyRates => ({
  pointValueMicros: settings.pointValueMicros,
  maxRedeemShareBp: settings.maxRedeemShareBp,
});

/** Points on a cart as they can pay now (at most the balance) and what its last answer showed. */
export interface CartPoints {
  points: number;
  rates: LoyaltyRates;
  shownPoints: number | null;
}

/** The cart's points the balance still holds; undefined when none are applied. */
export async function cartPointsWithin(
  repos: LoyaltyRepositories,
  cartId: number,
  balance: () => Promise<number>,
): Promise<CartPoints | undefined> {
  const applied = await repos.loyalty.cartPoints(cartId);
  if (applied.points === 0) return undefined;
  const points = Math.min(applied.points, await balance());
  return {
    points,
    rates: ratesOf(await repos.loyalty.settings()),
    shownPoints: applied.shownPoints,
  };
}

/** 422 when the balance no longer holds the points the cart's last answer showed paying. */
function requireAsShown(applied: CartPoints | undefined): CartPoints | undefined {
  if (applied?.shownPoints != null && applied.points < applied.shownPoints) {
    throw new AppError(
      'LOYALTY_BALANCE_CHANGED',
      `You have ${applied.points} points now, fewer than the ${applied.shownPoints} your cart showed; review your cart and try again.`,
    );
  }
  return applied;
}

/**
 * For a cart's answer: the points as the balance holds them now, never refused here; dropped
 * while the flag is off (`enabled`, asked only when points are applied).
 */
export async function showLoyalty(
  repos: LoyaltyRepositories,
  input: { cartId: number; userId: number; enabled: () => Promise<boolean> },
): Promise<CartPoints | undefined> {
  const applied = await cartPointsWithin(repos, input.cartId, () =>
    repos.loyalty.balance(input.userId),
  );
  if (!applied) return undefined;
  if (!(await input.enabled())) {
    await repos.loyalty.clearCartPoints(input.cartId);
    return undefined;
  }
  return applied;
}

/**
 * Remembers the points a cart answer showed paying (the order is held to them), written only
 * when they changed.
 */
export async function recordShownPoints(
  repos: LoyaltyRepositories,
  cartId: number,
  applied: CartPoints | undefined,
  paid: number,
): Promise<void> {
  if (applied && applied.shownPoints !== paid) await repos.loyalty.setShownPoints(cartId, paid);
}

/** Outside the transaction (before the gateway is asked): the points as they pay now. */
export async function previewLoyalty(
  repos: LoyaltyRepositories,
  input: { cartId: number; userId: number },
): Promise<CartPoints | undefined> {
  return requireAsShown(
    await cartPointsWithin(repos, input.cartId, () => repos.loyalty.balance(input.userId)),
  );
}

/**
 * In the order's transaction: the account locked, the cart's points as the balance holds them
 * now; fewer than the cart's last answer showed paying refuses the order.
 */
export async function lockLoyalty(
  tx: LoyaltyRepositories,
  input: { cartId: number; userId: number },
): Promise<CartPoints | undefined> {
  return requireAsShown(
    await cartPointsWithin(tx, input.cartId, () => tx.loyalty.lockAccount(input.userId)),
  );
}

/** After the order row is written: one `redeemed` row for the points it spent. */
export async function spendLoyaltyPoints(
  tx: LoyaltyRepositories,
  input: { userId: number; points: number; orderId: number },
): Promise<void> {
  await tx.loyalty.addLedger([
    { userId: input.userId, points: -input.points, reason: 'redeemed', orderId: input.orderId },
  ]);
}

/** The undo of spendLoyaltyPoints (cancel): what the order still holds comes back (`returned`). */
export async function returnLoyaltyPoints(
  tx: LoyaltyRepositories,
  order: { id: number; userId: number },
): Promise<void> {
  const held = -(await tx.loyalty.netForOrder(order.id, ['redeemed', 'returned']));
  if (held <= 0) return;
  await tx.loyalty.addLedger([
    { userId: order.userId, points: held, reason: 'returned', orderId: order.id },
  ]);
}

/** The points the order still holds of what it spent (redeemed less returned). */
export async function loyaltyPointsHeldByOrder(
  tx: LoyaltyRepositories,
  orderId: number,
): Promise<number> {
  return Math.max(0, -(await tx.loyalty.netForOrder(orderId, ['redeemed', 'returned'])));
}

/**
 * A refund's points part (orders/refunds.ts): `points`, at most what the order still holds,
 * come back to the customer (`returned`). Returns the points given back.
 */
export async function returnSomeLoyaltyPoints(
  tx: LoyaltyRepositories,
  order: { id: number; userId: number },
  points: number,
): Promise<number> {
  const back = Math.min(points, await loyaltyPointsHeldByOrder(tx, order.id));
  if (back <= 0) return 0;
  await tx.loyalty.addLedger([
    { userId: order.userId, points: back, reason: 'returned', orderId: order.id },
  ]);
  return back;
}

/**
 * A completed order earns `points_per_unit` per whole unit of its amount due (rounded down),
 * expiring after `points_expire_days`. Once per order, and only up to MAX_LOYALTY_POINTS of
 * balance: completing an order is never refused for its points (the account is locked, so an
 * adjustment racing it cannot pass the bound either).
 */
export async function earnLoyaltyPoints(
  tx: LoyaltyRepositories,
  order: { id: number; userId: number; amountDueCents: number },
  now: Date,
): Promise<void> {
  if ((await tx.loyalty.netForOrder(order.id, ['earned'])) !== 0) return;
  const settings = await tx.loyalty.settings();
  const earned = Math.floor((order.amountDueCents * settings.pointsPerUnit) / 100);
  if (earned <= 0) return;
  const balance = await tx.loyalty.lockAccount(order.userId);
  const points = Math.min(earned, MAX_LOYALTY_POINTS - balance);
  if (points <= 0) return;
  await tx.loyalty.addLedger([
    {
      userId: order.userId,
      points,
      reason: 'earned',
      orderId: order.id,
      expiresAt: new Date(now.getTime() + settings.pointsExpireDays * 86_400_000),
    },
  ]);
}

/**
 * Takes back the points an order earned on what was returned: the order's earned points in
 * proportion to `returnedCents` of `earnedOnCents` (cumulative, so several returns add up to
 * the whole), less what was reversed before; never more than the balance holds (never below 0).
 */
export async function reverseEarnedPoints(
  tx: LoyaltyRepositories,
  order: { id: number; userId: number },
  returnedCents: number,
  earnedOnCents: number,
): Promise<number> {
  const earned = await tx.loyalty.netForOrder(order.id, ['earned']);
  if (earned <= 0 || earnedOnCents <= 0) return 0;
  const share = Math.min(earned, Math.floor((earned * returnedCents) / earnedOnCents));
  const before = -(await tx.loyalty.netForOrder(order.id, ['reversed']));
  const balance = await tx.loyalty.lockAccount(order.userId);
  const points = Math.min(share - before, balance);
  if (points <= 0) return 0;
  await tx.loyalty.addLedger([
    {
      userId: order.userId,
      points: -points,
      reason: 'reversed',
      orderId: order.id,
      expiresAt: null,
    },
  ]);
  return points;
}

/**
 * Points to expire now, oldest first: every debit (redeemed, expired, negative adjustments, net
 * of returns) is taken from the oldest lots first, so what is left of lots whose `expires_at`
 * has passed is what expires — never more than the balance.
 */
export function pointsToExpire(
  rows: { points: number; reason: string; expiresAt: Date | null }[],
  now: Date,
): number {
  let debits = 0;
  let expiredLots = 0;
  let balance = 0;
  for (const row of rows) {
    balance += row.points;
    if (row.points < 0 || row.reason === 'returned') debits -= row.points;
    else if (row.expiresAt && row.expiresAt <= now) expiredLots += row.points;
  }
  return Math.max(0, Math.min(balance, expiredLots - Math.max(0, debits)));
}
