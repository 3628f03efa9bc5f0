import type { Executor } from '@storefront/db/client';
import { orderEvents, orderItems, orders } from '@storefront/db/schema';
import { and, asc, eq, inArray, ne, or } from 'drizzle-orm';

/*
 * The orders slice's part of an account's deletion and export (composed by the account slice)
 * and of a guest's merge (composed by sign-in): the orders stay, pointing at the emptied row.
 */

/** Orders the shop still has to fulfil or settle: processing, shipped, or pending and paid. */
export async function openOrderNumbers(db: Executor, userId: number): Promise<string[]> {
  const rows = await db
    .select({ number: orders.orderNumber })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        or(
          inArray(orders.status, ['processing', 'shipped']),
          and(eq(orders.status, 'pending'), ne(orders.paymentStatus, 'pending')),
        ),
      ),
    )
    .orderBy(asc(orders.id));
  return rows.map((row) => row.number);
}

/** Orders not yet completed or canceled, paid or not (pending, processing, shipped). */
export async function unfinishedOrderNumbers(db: Executor, userId: number): Promise<string[]> {
  const rows = await db
    .select({ number: orders.orderNumber })
    .from(orders)
    .where(
      and(eq(orders.userId, userId), inArray(orders.status, ['pending', 'processing', 'shipped'])),
    )
    .orderBy(asc(orders.id));
  return rows.map((row) => row.number);
}

/** Pending orders nobody paid yet (cash on delivery): cancelled before the account goes. */
export async function pendingUnpaidOrderIds(db: Executor, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.status, 'pending'),
        eq(orders.paymentStatus, 'pending'),
      ),
    );
  return rows.map((row) => row.id);
}

/** The customer's orders with their lines and events, oldest first. */
export async function exportOrders(db: Executor, userId: number) {
  const orderRows = await db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(asc(orders.id));
  const orderIds = orderRows.map((order) => order.id);
  const items = orderIds.length
    ? await db
        .select()
        .from(orderItems)
        .where(inArray(orderItems.orderId, orderIds))
        .orderBy(asc(orderItems.id))
    : [];
  const events = orderIds.length
    ? await db
        .select()
        .from(orderEvents)
        .where(inArray(orderEvents.orderId, orderIds))
        .orderBy(asc(orderEvents.id))
    : [];
  return orderRows.map((order) => ({
    order,
    items: items.filter((item) => item.orderId === order.id),
    events: events.filter((event) => event.orderId === order.id),
  }));
}

/** A guest's orders become the account's. */
export async function mergeGuestOrders(
  db: Executor,
  merge: { guestId: number; userId: number },
): Promise<void> {
  await db.update(orders).set({ userId: merge.userId }).where(eq(orders.userId, merge.guestId));
}

/** Which of these users have an order (a guest with one is kept: the order points at it). */
export async function usersWithOrders(
  db: Executor,
  userIds: readonly number[],
): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ userId: orders.userId })
    .from(orders)
    .where(inArray(orders.userId, [...userIds]));
  return new Set(rows.map((row) => row.userId));
}
