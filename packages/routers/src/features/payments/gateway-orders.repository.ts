import type { Executor } from '@storefront/db/client';
import { gatewayOrders } from '@storefront/db/schema';
import { and, asc, desc, eq, gt, isNull, lte, sql } from 'drizzle-orm';

export type GatewayOrderRecord = typeof gatewayOrders.$inferSelect;

/** Every gateway order the shop created: what makes a Razorpay payment the shop's. */
export function createGatewayOrdersRepository(db: Executor) {
  return {
    async record(order: typeof gatewayOrders.$inferInsert): Promise<void> {
      await db.insert(gatewayOrders).values(order);
    },

    async find(id: string): Promise<GatewayOrderRecord | undefined> {
      const [order] = await db.select().from(gatewayOrders).where(eq(gatewayOrders.id, id));
      return order;
    },

    /** A payment on it was captured: Razorpay takes no other, so it is not offered again. */
    async markPaid(id: string): Promise<void> {
      await db
        .update(gatewayOrders)
        .set({ paidAt: sql`now()` })
        .where(and(eq(gatewayOrders.id, id), isNull(gatewayOrders.paidAt)));
    },

    /** Its payment could not become an order and was refunded in full (payment-status). */
    async markRefunded(id: string): Promise<void> {
      await db
        .update(gatewayOrders)
        .set({ refundedAt: sql`now()` })
        .where(and(eq(gatewayOrders.id, id), isNull(gatewayOrders.refundedAt)));
    },

    /**
     * The reconciler's list: gateway orders created after `createdAfter` and up to
     * `createdBefore` that no payment has settled yet (no order, no refund), oldest first.
     */
    async unsettled(window: { createdAfter: Date; createdBefore: Date; limit: number }) {
      return db
        .select({ id: gatewayOrders.id })
        .from(gatewayOrders)
        .where(
          and(
            isNull(gatewayOrders.paidAt),
            gt(gatewayOrders.createdAt, window.createdAfter),
            lte(gatewayOrders.createdAt, window.createdBefore),
          ),
        )
        .orderBy(asc(gatewayOrders.createdAt))
        .limit(window.limit);
    },

    /**
     * The newest unpaid gateway order created for this cart as it is now (contents, amount,
     * currency).
     */
    async findFor(cart: {
      cartId: number;
      cartVersion: number;
      amountCents: number;
      currency: string;
    }): Promise<GatewayOrderRecord | undefined> {
      const [order] = await db
        .select()
        .from(gatewayOrders)
        .where(
          and(
            eq(gatewayOrders.cartId, cart.cartId),
            eq(gatewayOrders.cartVersion, cart.cartVersion),
            eq(gatewayOrders.amountCents, cart.amountCents),
            eq(gatewayOrders.currency, cart.currency),
            isNull(gatewayOrders.paidAt),
          ),
        )
        .orderBy(desc(gatewayOrders.createdAt))
        .limit(1);
      return order;
    },
  };
}

export type GatewayOrdersRepository = ReturnType<typeof createGatewayOrdersRepository>;
