import type { Executor } from '@storefront/db/client';
import { gatewayCustomers, paymentLinks } from '@storefront/db/schema';
import { and, asc, count, desc, eq, gt, isNull, lte } from 'drizzle-orm';

export type PaymentLinkRecord = typeof paymentLinks.$inferSelect;

/** Neither paid nor closed: Razorpay may still take (or have taken) its payment. */
const isOpen = () => and(isNull(paymentLinks.paidAt), isNull(paymentLinks.closedAt));

/** Payment links asked for COD orders, and the Razorpay customer of each shop customer. */
export function createPaymentLinksRepository(db: Executor) {
  return {
    async record(link: typeof paymentLinks.$inferInsert): Promise<void> {
      await db.insert(paymentLinks).values(link).onConflictDoNothing();
    },

    async find(id: string): Promise<PaymentLinkRecord | undefined> {
      const [link] = await db.select().from(paymentLinks).where(eq(paymentLinks.id, id));
      return link;
    },

    /** The order's newest link of this amount still payable after `after`. */
    async current(
      orderId: number,
      amount: { amountCents: number; currency: string },
      after: Date,
    ): Promise<PaymentLinkRecord | undefined> {
      const [link] = await db
        .select()
        .from(paymentLinks)
        .where(
          and(
            eq(paymentLinks.orderId, orderId),
            eq(paymentLinks.amountCents, amount.amountCents),
            eq(paymentLinks.currency, amount.currency),
            gt(paymentLinks.expiresAt, after),
            isOpen(),
          ),
        )
        .orderBy(desc(paymentLinks.createdAt))
        .limit(1);
      return link;
    },

    /** How many links the order was given (each later one needs its own reference at Razorpay). */
    async countFor(orderId: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(paymentLinks)
        .where(eq(paymentLinks.orderId, orderId));
      return Number(row?.n ?? 0);
    },

    async markPaid(id: string, paymentId: string, at: Date): Promise<void> {
      await db
        .update(paymentLinks)
        .set({ paidAt: at, paymentId })
        .where(and(eq(paymentLinks.id, id), isNull(paymentLinks.paidAt)));
    },

    /** The reconciler's list: open links created before `createdBefore`, expiring after `expiresAfter`. */
    open(args: {
      createdBefore: Date;
      expiresAfter: Date;
      limit: number;
    }): Promise<PaymentLinkRecord[]> {
      return db
        .select()
        .from(paymentLinks)
        .where(
          and(
            isOpen(),
            lte(paymentLinks.createdAt, args.createdBefore),
            gt(paymentLinks.expiresAt, args.expiresAfter),
          ),
        )
        .orderBy(asc(paymentLinks.createdAt))
        .limit(args.limit);
    },

    /** The order's open links (a cancelled order's to cancel at Razorpay). */
    openOf(orderId: number): Promise<PaymentLinkRecord[]> {
      return db
        .select()
        .from(paymentLinks)
        .where(and(eq(paymentLinks.orderId, orderId), isOpen()));
    },

    /** Closes an open link (a paid or already closed one stays as it is). */
    async markClosed(id: string, as: 'cancelled' | 'expired', at: Date): Promise<void> {
      await db
        .update(paymentLinks)
        .set({ closedAt: at, closedAs: as })
        .where(and(eq(paymentLinks.id, id), isOpen()));
    },

    async customerId(userId: number): Promise<string | undefined> {
      const [row] = await db
        .select({ customerId: gatewayCustomers.customerId })
        .from(gatewayCustomers)
        .where(eq(gatewayCustomers.userId, userId));
      return row?.customerId;
    },

    /** Keeps the first id recorded: Razorpay answers the same customer for the same details. */
    async recordCustomer(userId: number, customerId: string): Promise<string> {
      await db.insert(gatewayCustomers).values({ userId, customerId }).onConflictDoNothing();
      return (await this.customerId(userId)) ?? customerId;
    },
  };
}

export type PaymentLinksRepository = ReturnType<typeof createPaymentLinksRepository>;
