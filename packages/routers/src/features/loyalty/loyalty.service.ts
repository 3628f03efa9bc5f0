import { maxPointsFor, pointsToCents } from '@storefront/pricing';
import { AppError, validationError } from '../../errors';
import { centsToAmount } from '../../money';
import { metaFor, pageOffset } from '../../pagination';
import type { Clock } from '../../ports';
import type { InTransaction } from '../../transactions';
import { toIso, toIsoOrNull } from '../../zod-helpers';
import type { CartRecord } from '../cart';
import type { LoyaltyRepository, LoyaltySettingsRecord } from './loyalty.repository';
import {
  type LoyaltyAdjustInput,
  type LoyaltyHistoryInput,
  type LoyaltySettingsDto,
  MAX_LOYALTY_POINTS,
} from './loyalty.schemas';
import { pointsToExpire, ratesOf } from './loyalty-spend.steps';

export interface LoyaltyCartAccess {
  openCart(userId: number, options?: { lock: boolean }): Promise<CartRecord>;
  touchContents(cartId: number, options?: { creditsApplied?: true }): Promise<void>;
}

export interface LoyaltyTx {
  loyalty: LoyaltyRepository;
  cart: LoyaltyCartAccess;
}

export interface LoyaltyServiceDeps {
  repo: LoyaltyRepository;
  inTransaction: InTransaction<LoyaltyTx>;
  clock: Clock;
  defaultCurrency: () => Promise<string>;
  /** The cart's total now (cart slice pricing), for the share points may pay. */
  cartTotalCents: (userId: number) => Promise<number>;
  userExists: (userId: number) => Promise<boolean>;
}

export const toSettingsDto = (settings: LoyaltySettingsRecord): LoyaltySettingsDto => ({
  points_per_unit: settings.pointsPerUnit,
  point_value: settings.pointValueMicros / 1_000_000,
  min_redeem: settings.minRedeem,
  max_redeem_share: settings.maxRedeemShareBp / 10_000,
  points_expire_days: settings.pointsExpireDays,
});

const pointsError = (message: string) => validationError({ points: [message] });

export function createLoyaltyService(deps: LoyaltyServiceDeps) {
  const { repo, clock } = deps;

  async function account(userId: number, input: LoyaltyHistoryInput) {
    const [balance, settings, currency, { rows, total }] = await Promise.all([
      repo.balance(userId),
      repo.settings(),
      deps.defaultCurrency(),
      repo.history(userId, pageOffset(input)),
    ]);
    return {
      data: {
        balance,
        value: centsToAmount(pointsToCents(balance, settings.pointValueMicros)),
        currency,
        point_value: settings.pointValueMicros / 1_000_000,
        min_redeem: settings.minRedeem,
        history: rows.map((row) => ({
          points: row.points,
          reason: row.reason,
          order_id: row.orderId,
          created_at: toIso(row.createdAt),
          expires_at: toIsoOrNull(row.expiresAt),
        })),
      },
      meta: metaFor(input, total),
    };
  }

  return {
    account,

    /**
     * Puts points on the cart: at least `min_redeem`, at most the balance and at most what
     * `max_redeem_share` of the total is worth (422 naming `points` otherwise).
     */
    async apply(userId: number, points: number): Promise<void> {
      const totalCents = await deps.cartTotalCents(userId);
      await deps.inTransaction(async (tx) => {
        const cart = await tx.cart.openCart(userId, { lock: true });
        const settings = await tx.loyalty.settings();
        if (points < settings.minRedeem)
          throw pointsError(`Redeem at least ${settings.minRedeem} points.`);
        const balance = await tx.loyalty.balance(userId);
        if (points > balance) throw pointsError(`You have ${balance} points.`);
        const most = maxPointsFor(totalCents, ratesOf(settings));
        if (points > most) throw pointsError(`At most ${most} points can pay for this order.`);
        await tx.loyalty.setCartPoints(cart.id, points);
        await tx.cart.touchContents(cart.id, { creditsApplied: true });
      });
    },

    async remove(userId: number): Promise<void> {
      await deps.inTransaction(async (tx) => {
        const cart = await tx.cart.openCart(userId, { lock: true });
        await tx.loyalty.clearCartPoints(cart.id);
        await tx.cart.touchContents(cart.id);
      });
    },

    async getSettings(): Promise<LoyaltySettingsDto> {
      return toSettingsDto(await repo.settings());
    },

    async updateSettings(input: LoyaltySettingsDto): Promise<LoyaltySettingsDto> {
      const settings: LoyaltySettingsRecord = {
        pointsPerUnit: input.points_per_unit,
        pointValueMicros: Math.round(input.point_value * 1_000_000),
        minRedeem: input.min_redeem,
        maxRedeemShareBp: Math.round(input.max_redeem_share * 10_000),
        pointsExpireDays: input.points_expire_days,
      };
      await repo.saveSettings(settings);
      return toSettingsDto(settings);
    },

    /**
     * An admin's adjustment (`adjusted`); a negative one at most down to the balance, a positive
     * one at most up to MAX_LOYALTY_POINTS.
     */
    async adjust(input: LoyaltyAdjustInput) {
      if (!(await deps.userExists(input.customer_id)))
        throw new AppError('NOT_FOUND', 'Customer not found.');
      await deps.inTransaction(async (tx) => {
        const balance = await tx.loyalty.lockAccount(input.customer_id);
        if (balance + input.points < 0)
          throw pointsError(`The customer has ${balance} points; the balance cannot go below 0.`);
        if (input.points > 0 && balance + input.points > MAX_LOYALTY_POINTS)
          throw pointsError(
            `The customer has ${balance} points; the balance cannot go above ${MAX_LOYALTY_POINTS}.`,
          );
        const settings = await tx.loyalty.settings();
        await tx.loyalty.addLedger([
          {
            userId: input.customer_id,
            points: input.points,
            reason: 'adjusted',
            note: input.reason,
            expiresAt:
              input.points > 0
                ? new Date(clock.now().getTime() + settings.pointsExpireDays * 86_400_000)
                : null,
          },
        ]);
      });
      return account(input.customer_id, { page: 1, per_page: 15 });
    },

    /** The scheduled expiry: each customer's lapsed points, oldest first (`expired` rows). */
    async expirePoints(): Promise<number> {
      const now = clock.now();
      let expired = 0;
      for (const userId of await repo.usersWithExpiringPoints(now)) {
        await deps.inTransaction(async (tx) => {
          await tx.loyalty.lockAccount(userId);
          const points = pointsToExpire(await tx.loyalty.ledger(userId), now);
          if (points <= 0) return;
          await tx.loyalty.addLedger([{ userId, points: -points, reason: 'expired' }]);
          expired += points;
        });
      }
      return expired;
    },
  };
}

export type LoyaltyService = ReturnType<typeof createLoyaltyService>;
