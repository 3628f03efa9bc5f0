import type { Executor } from '@storefront/db/client';
import { isUniqueViolation } from '@storefront/db/errors';
import { preparedQueries } from '@storefront/db/prepared';
import {
  type AddressSnapshot,
  type OrderStatusValue,
  orderEvents,
  orderItems,
  orders,
  type PaymentStatusValue,
} from '@storefront/db/schema';
import { qualified } from '@storefront/db/sql';
import { and, asc, desc, eq, gte, ilike, isNotNull, lt, or, sql } from 'drizzle-orm';
import { AppError } from '../../errors';
import { containsPattern } from '../../pagination';
import { accountEmails, lockBuyer, userIdsWithEmailLike } from '../auth/index';

export type OrderRecord = typeof orders.$inferSelect;

const PAYMENT_USED = () =>
  new AppError('PAYMENT_FAILED', 'This payment has already been used for another order.');
export type OrderItemRecord = typeof orderItems.$inferSelect;
export type OrderEventRecord = typeof orderEvents.$inferSelect;
export type NewOrder = Omit<
  typeof orders.$inferInsert,
  'id' | 'orderNumber' | 'createdAt' | 'updatedAt'
> & {
  shippingAddress: AddressSnapshot;
  billingAddress: AddressSnapshot;
};
export type NewOrderItem = Omit<typeof orderItems.$inferInsert, 'id' | 'orderId'>;
export type OrderChanges = Partial<
  Pick<
    OrderRecord,
    | 'status'
    | 'paymentStatus'
    | 'carrier'
    | 'trackingNumber'
    | 'trackingUrl'
    | 'cancelReason'
    | 'refundReference'
    | 'invoiceNumber'
    | 'invoiceDate'
    | 'paymentMethod'
    | 'gatewayOrderId'
    | 'gatewayPaymentId'
    | 'totalCents'
    | 'taxCents'
    | 'taxLines'
    | 'codFeeCents'
    | 'codFeeTax'
  >
>;

/**
 * Place-order's statements that run once per line or per order, built by drizzle once and run on
 * the order's transaction (see prepared.ts).
 */
const placeOrderQueries = preparedQueries((db) => ({
  addEvent: db
    .insert(orderEvents)
    .values({
      orderId: sql.placeholder('orderId'),
      status: sql.placeholder('status'),
      description: sql.placeholder('description'),
    })
    .prepare('order_add_event'),
}));

export function createOrdersRepository(db: Executor) {
  const owned = (userId: number, id: number) => and(eq(orders.id, id), eq(orders.userId, userId));

  return {
    /**
     * The buyer's row, locked until the order's transaction ends, and whether it is deleted.
     * Account deletion locks the same row first (FOR UPDATE), so the two queue up instead of
     * deadlocking on the cart; NO KEY UPDATE leaves rows that merely reference the user
     * (sessions, gateway orders) free to be written meanwhile.
     */
    lockBuyer(userId: number): Promise<{ deleted: boolean } | undefined> {
      return lockBuyer(db, userId);
    },

    /**
     * The order's row alone (its lines: `insertItems`, once its id is known). 422 PAYMENT_FAILED
     * when another order already holds the gateway payment id.
     */
    async insertOrder(order: NewOrder): Promise<OrderRecord> {
      const [created] = await db
        .insert(orders)
        .values(order)
        .returning()
        .catch((error: unknown) => {
          // Two orders racing with one payment id: the unique index refuses the second.
          if (isUniqueViolation(error, 'orders_gateway_payment_key')) throw PAYMENT_USED();
          throw error;
        });
      if (!created) throw new Error('order insert returned no row');
      return created;
    },

    async insertItems(orderId: number, items: readonly NewOrderItem[]): Promise<void> {
      await db.insert(orderItems).values(items.map((item) => ({ ...item, orderId })));
    },

    async addEvent(orderId: number, status: OrderStatusValue, description: string): Promise<void> {
      await placeOrderQueries.on(db).addEvent.execute({ orderId, status, description });
    },

    /**
     * Marks a `refund_pending` order refunded, with its tracking event; false when it is not
     * pending (any more). Guarded, so the refund job and the webhook settling the same refund at
     * once record it once.
     */
    async settleRefund(orderId: number): Promise<boolean> {
      const settled = await db
        .update(orders)
        .set({ paymentStatus: 'refunded' })
        .where(and(eq(orders.id, orderId), eq(orders.paymentStatus, 'refund_pending')))
        .returning({ id: orders.id });
      if (settled.length === 0) return false;
      await db
        .insert(orderEvents)
        .values({ orderId, status: 'canceled', description: 'Payment refunded.' });
      return true;
    },

    async findByRefundReference(refundId: string): Promise<OrderRecord | undefined> {
      const [order] = await db.select().from(orders).where(eq(orders.refundReference, refundId));
      return order;
    },

    /** The order a gateway payment paid, if any (at most one: unique index). */
    async findByGatewayPayment(gatewayPaymentId: string): Promise<OrderRecord | undefined> {
      const [order] = await db
        .select()
        .from(orders)
        .where(eq(orders.gatewayPaymentId, gatewayPaymentId));
      return order;
    },

    /** The order a gateway order's payment became (checkout's payment-status). */
    async findByGatewayOrder(gatewayOrderId: string): Promise<OrderRecord | undefined> {
      const [order] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.gatewayOrderId, gatewayOrderId), isNotNull(orders.gatewayPaymentId)))
        .limit(1);
      return order;
    },

    async paymentIdUsed(gatewayPaymentId: string): Promise<boolean> {
      return (await db.$count(orders, eq(orders.gatewayPaymentId, gatewayPaymentId))) > 0;
    },

    async list(
      filter: {
        userId?: number;
        status?: OrderStatusValue | undefined;
        paymentStatus?: PaymentStatusValue | undefined;
        from?: Date | undefined;
        to?: Date | undefined;
        /** Part of the order number or of the customer's e-mail (admin search). */
        search?: string | undefined;
      },
      page: { offset: number; limit: number },
    ) {
      const pattern = filter.search === undefined ? undefined : containsPattern(filter.search);
      // The accounts' e-mails are auth's: the matching accounts' ids, as one array parameter.
      const accountIds = pattern === undefined ? [] : await userIdsWithEmailLike(db, pattern);
      const where = and(
        filter.userId === undefined ? undefined : eq(orders.userId, filter.userId),
        filter.status ? eq(orders.status, filter.status) : undefined,
        filter.paymentStatus ? eq(orders.paymentStatus, filter.paymentStatus) : undefined,
        filter.from ? gte(orders.createdAt, filter.from) : undefined,
        filter.to ? lt(orders.createdAt, filter.to) : undefined,
        pattern === undefined
          ? undefined
          : or(
              ilike(orders.orderNumber, pattern),
              accountIds.length === 0
                ? undefined
                : sql`${qualified(orders, orders.userId)} = any(${sql.param(accountIds)}::int[])`,
              // A guest's e-mail is the checkout's (its user row has none).
              sql`${qualified(orders, orders.shippingAddress)}->>'email' ilike ${pattern}`,
            ),
      );
      const [rows, total] = await Promise.all([
        db
          .select({
            order: orders,
            itemCount: sql<number>`(select coalesce(sum(oi.quantity), 0)::int from ${orderItems} oi where oi.order_id = ${qualified(orders, orders.id)})`,
            checkoutEmail: sql<
              string | null
            >`nullif(${qualified(orders, orders.shippingAddress)}->>'email', '')`,
          })
          .from(orders)
          .where(where)
          .orderBy(desc(orders.createdAt), desc(orders.id))
          .limit(page.limit)
          .offset(page.offset),
        db.$count(orders, where),
      ]);
      const emails = await accountEmails(
        db,
        rows.map((row) => row.order.userId),
      );
      return {
        rows: rows.map(({ checkoutEmail, ...row }) => ({
          ...row,
          // The account's e-mail; a guest's (or an account's without one) is the checkout's.
          customerEmail: emails.get(row.order.userId) || checkoutEmail,
        })),
        total,
      };
    },

    /** The order if it belongs to `userId` (or any order when userId is undefined: admins). */
    async find(
      id: number,
      userId?: number,
      options: { lock?: boolean } = {},
    ): Promise<OrderRecord | undefined> {
      const query = db
        .select()
        .from(orders)
        .where(userId === undefined ? eq(orders.id, id) : owned(userId, id));
      const [order] = await (options.lock ? query.for('update') : query);
      return order;
    },

    items(orderId: number): Promise<OrderItemRecord[]> {
      return db
        .select()
        .from(orderItems)
        .where(eq(orderItems.orderId, orderId))
        .orderBy(asc(orderItems.id));
    },

    events(orderId: number): Promise<OrderEventRecord[]> {
      return db
        .select()
        .from(orderEvents)
        .where(eq(orderEvents.orderId, orderId))
        .orderBy(asc(orderEvents.id));
    },

    async update(id: number, changes: OrderChanges): Promise<OrderRecord> {
      const [order] = await db.update(orders).set(changes).where(eq(orders.id, id)).returning();
      if (!order) throw new Error('order update returned no row');
      return order;
    },
  };
}

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
