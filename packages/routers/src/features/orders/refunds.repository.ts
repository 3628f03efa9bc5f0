import type { Executor } from '@storefront/db/client';
import { orderItems, orderRefunds, orders } from '@storefront/db/schema';
import { and, asc, desc, eq, getTableColumns, gt, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { accountEmailOf } from '../auth/index';

export type RefundRecord = typeof orderRefunds.$inferSelect;
export type NewRefund = Omit<typeof orderRefunds.$inferInsert, 'id' | 'createdAt'>;

/** What an order's ledger gave back so far, by where it went (docs/refunds.md). */
export interface RefundSums {
  /** Money given back, all ways: a failed row's gateway part is not (it was never paid out). */
  refundedCents: number;
  gatewayCents: number;
  giftCardCents: number;
  loyaltyCents: number;
  /** Given back as store credit (a gift card issued to the customer). */
  storeCreditCents: number;
  uncollectedCents: number;
  /** Rows whose gateway part the gateway has not confirmed yet. */
  pending: number;
  /** Asked and waiting for an Owner's approval: reserved, not given back (docs/refunds.md). */
  awaitingCents: number;
  rows: number;
}

/**
 * The refund ledger (order_refunds) and the counters it keeps on the order and its lines. Every
 * write runs in a transaction that holds the order's row lock (FOR UPDATE), so the sums read
 * there are the sums the write is checked against.
 */
export function createRefundsRepository(db: Executor) {
  const live = sql`${orderRefunds.status} <> 'failed'`;
  /**
   * Adds `units` to a line's cancelled or returned count, guarded so that cancelled + returned
   * never exceeds what was ordered (the database checks it too); false when fewer are left.
   */
  async function countUnits(
    field: 'canceledQuantity' | 'returnedQuantity',
    orderItemId: number,
    units: number,
  ): Promise<boolean> {
    const updated = await db
      .update(orderItems)
      .set({ [field]: sql`${orderItems[field]} + ${units}` })
      .where(
        and(
          eq(orderItems.id, orderItemId),
          sql`${orderItems.canceledQuantity} + ${orderItems.returnedQuantity} + ${units} <= ${orderItems.quantity}`,
        ),
      )
      .returning({ id: orderItems.id });
    return updated.length > 0;
  }
  return {
    async insert(refund: NewRefund): Promise<RefundRecord> {
      const [created] = await db.insert(orderRefunds).values(refund).returning();
      if (!created) throw new Error('refund insert returned no row');
      return created;
    },

    async find(id: number): Promise<RefundRecord | undefined> {
      const [row] = await db.select().from(orderRefunds).where(eq(orderRefunds.id, id));
      return row;
    },

    async findByGatewayRefund(gatewayRefundId: string): Promise<RefundRecord | undefined> {
      const [row] = await db
        .select()
        .from(orderRefunds)
        .where(eq(orderRefunds.gatewayRefundId, gatewayRefundId));
      return row;
    },

    /** The order's refunds, oldest first. */
    forOrder(orderId: number): Promise<RefundRecord[]> {
      return db
        .select()
        .from(orderRefunds)
        .where(eq(orderRefunds.orderId, orderId))
        .orderBy(asc(orderRefunds.id));
    },

    /** Refunds of the order still waiting for the gateway (a job queued before the ledger). */
    pendingGateway(orderId: number): Promise<RefundRecord[]> {
      return db
        .select()
        .from(orderRefunds)
        .where(
          and(
            eq(orderRefunds.orderId, orderId),
            eq(orderRefunds.status, 'pending'),
            gt(orderRefunds.gatewayCents, 0),
          ),
        )
        .orderBy(asc(orderRefunds.id));
    },

    /** The row asking again for a failed row's gateway part, if any. */
    async retryOf(id: number): Promise<RefundRecord | undefined> {
      const [row] = await db.select().from(orderRefunds).where(eq(orderRefunds.retryOfId, id));
      return row;
    },

    async sums(orderId: number): Promise<RefundSums> {
      const [row] = await db
        .select({
          gateway: sql<string>`coalesce(sum(${orderRefunds.gatewayCents}) filter (where ${live}), 0)`,
          giftCards: sql<string>`coalesce(sum(${orderRefunds.giftCardCents}), 0)`,
          loyalty: sql<string>`coalesce(sum(${orderRefunds.loyaltyCents}), 0)`,
          uncollected: sql<string>`coalesce(sum(${orderRefunds.uncollectedCents}), 0)`,
          storeCredit: sql<string>`coalesce(sum(${orderRefunds.storeCreditCents}), 0)`,
          pending: sql<string>`count(*) filter (where ${orderRefunds.status} = 'pending')`,
          awaiting: sql<string>`coalesce(sum(${orderRefunds.amountCents}) filter (where ${orderRefunds.status} = 'awaiting_approval'), 0)`,
          rows: sql<string>`count(*)`,
        })
        .from(orderRefunds)
        .where(eq(orderRefunds.orderId, orderId));
      const gatewayCents = Number(row?.gateway ?? 0);
      const giftCardCents = Number(row?.giftCards ?? 0);
      const loyaltyCents = Number(row?.loyalty ?? 0);
      const storeCreditCents = Number(row?.storeCredit ?? 0);
      return {
        refundedCents: gatewayCents + giftCardCents + loyaltyCents + storeCreditCents,
        gatewayCents,
        giftCardCents,
        loyaltyCents,
        storeCreditCents,
        uncollectedCents: Number(row?.uncollected ?? 0),
        pending: Number(row?.pending ?? 0),
        awaitingCents: Number(row?.awaiting ?? 0),
        rows: Number(row?.rows ?? 0),
      };
    },

    /** Stores the gateway's id for the refund the moment it is known (once). */
    async recordGatewayRefund(id: number, gatewayRefundId: string | null): Promise<void> {
      await db
        .update(orderRefunds)
        .set({ gatewayRefundId })
        .where(and(eq(orderRefunds.id, id), isNull(orderRefunds.gatewayRefundId)));
    },

    /** `refund.speed_changed`: the speed the gateway now processes the refund at. */
    async recordSpeed(gatewayRefundId: string, speed: string): Promise<RefundRecord | undefined> {
      const [row] = await db
        .update(orderRefunds)
        .set({ gatewaySpeed: speed })
        .where(eq(orderRefunds.gatewayRefundId, gatewayRefundId))
        .returning();
      return row;
    },

    /**
     * admin.refunds.failed: failed rows no later row asks for again (the automatic retries spent,
     * or never due), newest first.
     */
    async failedUnretried(limit: number): Promise<RefundRecord[]> {
      const retries = alias(orderRefunds, 'retries');
      return db
        .select(getTableColumns(orderRefunds))
        .from(orderRefunds)
        .leftJoin(retries, eq(retries.retryOfId, orderRefunds.id))
        .where(and(eq(orderRefunds.status, 'failed'), isNull(retries.id)))
        .orderBy(desc(orderRefunds.settledAt), desc(orderRefunds.id))
        .limit(limit);
    },

    /** Settles a pending row; false when it was settled already (the job and the webhook race). */
    async settle(id: number, status: 'processed' | 'failed', at: Date): Promise<boolean> {
      const settled = await db
        .update(orderRefunds)
        .set({ status, settledAt: at })
        .where(and(eq(orderRefunds.id, id), eq(orderRefunds.status, 'pending')))
        .returning({ id: orderRefunds.id });
      return settled.length > 0;
    },

    /**
     * admin.refunds.pending: rows waiting for approval, oldest first, with their order's number
     * and currency and who asked.
     */
    awaitingApproval(limit: number) {
      return db
        .select({
          refund: getTableColumns(orderRefunds),
          orderNumber: orders.orderNumber,
          currency: orders.currency,
          requestedByEmail: accountEmailOf(sql`${orderRefunds.requestedById}`),
        })
        .from(orderRefunds)
        .innerJoin(orders, eq(orders.id, orderRefunds.orderId))
        .where(eq(orderRefunds.status, 'awaiting_approval'))
        .orderBy(asc(orderRefunds.id))
        .limit(limit);
    },

    /**
     * Decides a waiting row — approved with its split (`pending` or `processed`), or `declined`
     * with its reason — guarded by `status = 'awaiting_approval'`, so of two Owners deciding
     * at once exactly one does; undefined for the other (docs/refunds.md "Approval").
     */
    async decide(
      id: number,
      decision: Partial<
        Pick<
          RefundRecord,
          | 'gatewayCents'
          | 'giftCardCents'
          | 'loyaltyCents'
          | 'uncollectedCents'
          | 'storeCreditCents'
          | 'loyaltyPoints'
          | 'settledAt'
          | 'declineReason'
        >
      > &
        Pick<RefundRecord, 'status' | 'decidedById' | 'decidedAt'>,
    ): Promise<RefundRecord | undefined> {
      const [row] = await db
        .update(orderRefunds)
        .set(decision)
        .where(and(eq(orderRefunds.id, id), eq(orderRefunds.status, 'awaiting_approval')))
        .returning();
      return row;
    },

    async setCreditNote(id: number, creditNoteId: number): Promise<void> {
      await db.update(orderRefunds).set({ creditNoteId }).where(eq(orderRefunds.id, id));
    },

    /**
     * The order's counters after a ledger change (the database checks refunded + uncollected
     * never exceed the total): what was given back and what cash on delivery no longer collects.
     */
    async setOrderSums(
      orderId: number,
      sums: { refundedCents: number; canceledDueCents: number; awaitingRefundCents: number },
    ): Promise<void> {
      await db.update(orders).set(sums).where(eq(orders.id, orderId));
    },

    /**
     * Cancels `units` more of an order line; false when fewer are left (the database also
     * refuses more than ordered, so two racing cancels never exceed the line).
     */
    cancelUnits: (orderItemId: number, units: number) =>
      countUnits('canceledQuantity', orderItemId, units),

    /** Counts `units` more of a line as returned; false when fewer are left (as cancelUnits). */
    returnUnits: (orderItemId: number, units: number) =>
      countUnits('returnedQuantity', orderItemId, units),
  };
}

export type RefundsRepository = ReturnType<typeof createRefundsRepository>;
