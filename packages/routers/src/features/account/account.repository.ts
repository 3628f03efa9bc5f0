import type { Executor } from '@storefront/db/client';
import {
  accountExports,
  addresses,
  carts,
  devices,
  emailVerificationTokens,
  gatewayOrders,
  giftCards,
  idempotencyKeys,
  loyaltyAccounts,
  loyaltyLedger,
  notificationPreferences,
  orderEvents,
  orderItems,
  orders,
  otpCodes,
  passwordResetTokens,
  products,
  reviews,
  sessions,
  userIdentities,
  users,
  wishlistAlertsSent,
  wishlistItems,
} from '@storefront/db/schema';
import { and, asc, count, eq, gte, inArray, isNull, ne, or, sql } from 'drizzle-orm';

/** The name deleted customers are shown under (reviews, the admin panel, kept orders). */
export const DELETED_CUSTOMER_NAME = 'Deleted customer';

/** Gift cards sent to this address (compared case-insensitively). */
const sentTo = (email: string) => sql`lower(${giftCards.recipientEmail}) = lower(${email})`;

export function createAccountRepository(db: Executor) {
  return {
    /** The account, locked until the transaction ends (deletion and exports queue up). */
    async lockUser(userId: number) {
      const [row] = await db.select().from(users).where(eq(users.id, userId)).for('update');
      return row;
    },

    async activeAdminIds(): Promise<number[]> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, 'admin'), isNull(users.blockedAt), isNull(users.deletedAt)))
        .orderBy(users.id)
        .for('update');
      return rows.map((row) => row.id);
    },

    /** Orders the shop still has to fulfil or settle: processing, shipped, or pending and paid. */
    async openOrderNumbers(userId: number): Promise<string[]> {
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
    },

    /** Orders not yet completed or canceled, paid or not (pending, processing, shipped). */
    async unfinishedOrderNumbers(userId: number): Promise<string[]> {
      const rows = await db
        .select({ number: orders.orderNumber })
        .from(orders)
        .where(
          and(
            eq(orders.userId, userId),
            inArray(orders.status, ['pending', 'processing', 'shipped']),
          ),
        )
        .orderBy(asc(orders.id));
      return rows.map((row) => row.number);
    },

    /** Pending orders nobody paid yet (cash on delivery): cancelled before the account goes. */
    async pendingUnpaidOrderIds(userId: number): Promise<number[]> {
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
    },

    /**
     * Deletes everything personal of the account and empties its row; orders (and their address
     * snapshots), reviews and coupon redemptions stay, pointing at the emptied row.
     */
    async erase(userId: number, now: Date, email: string | null): Promise<void> {
      await db.delete(sessions).where(eq(sessions.userId, userId));
      // A linked Apple or Google account would sign the emptied account in again.
      await db.delete(userIdentities).where(eq(userIdentities.userId, userId));
      await db.delete(otpCodes).where(eq(otpCodes.userId, userId));
      // The points ledger goes with its account row (cascade); kept orders keep what they used.
      await db.delete(loyaltyAccounts).where(eq(loyaltyAccounts.userId, userId));
      // A gift card sent to this address keeps its balance (a bearer card), not whom it was for.
      if (email) {
        await db
          .update(giftCards)
          .set({ recipientEmail: null, message: null })
          .where(sentTo(email));
      }
      await db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
      await db.delete(emailVerificationTokens).where(eq(emailVerificationTokens.userId, userId));
      await db.delete(devices).where(eq(devices.userId, userId));
      await db.delete(notificationPreferences).where(eq(notificationPreferences.userId, userId));
      await db.delete(addresses).where(eq(addresses.userId, userId));
      await db.delete(wishlistItems).where(eq(wishlistItems.userId, userId));
      await db.delete(wishlistAlertsSent).where(eq(wishlistAlertsSent.userId, userId));
      // Cart items go with their carts; a gateway order keeps its amount, not its owner.
      await db.update(gatewayOrders).set({ userId: null }).where(eq(gatewayOrders.userId, userId));
      await db.delete(carts).where(eq(carts.userId, userId));
      await db.delete(idempotencyKeys).where(eq(idempotencyKeys.userId, userId));
      await db.delete(accountExports).where(eq(accountExports.userId, userId));
      await db
        .update(users)
        .set({
          name: DELETED_CUSTOMER_NAME,
          // Unique and undeliverable (.invalid is reserved): the address is free to register again.
          email: `deleted-${userId}@deleted.invalid`,
          phone: '',
          // No argon2 hash has this form: no password ever matches it.
          passwordHash: '!deleted',
          avatarUrl: null,
          dateOfBirth: null,
          gender: null,
          emailVerifiedAt: null,
          deletedAt: now,
        })
        .where(eq(users.id, userId));
    },

    async exportsSince(userId: number, since: Date): Promise<number> {
      const [row] = await db
        .select({ total: count() })
        .from(accountExports)
        .where(and(eq(accountExports.userId, userId), gte(accountExports.createdAt, since)));
      return row?.total ?? 0;
    },

    async recordExport(userId: number, now: Date): Promise<void> {
      await db.insert(accountExports).values({ userId, createdAt: now });
    },

    /** Everything the shop holds about the customer, table by table. */
    async exportData(userId: number, email: string | null) {
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
      return {
        addresses: await db
          .select()
          .from(addresses)
          .where(eq(addresses.userId, userId))
          .orderBy(asc(addresses.id)),
        orders: orderRows.map((order) => ({
          order,
          items: items.filter((item) => item.orderId === order.id),
          events: events.filter((event) => event.orderId === order.id),
        })),
        reviews: await db
          .select({ review: reviews, productName: products.name })
          .from(reviews)
          .innerJoin(products, eq(products.id, reviews.productId))
          .where(eq(reviews.userId, userId))
          .orderBy(asc(reviews.id)),
        wishlist: await db
          .select({ item: wishlistItems, productName: products.name })
          .from(wishlistItems)
          .innerJoin(products, eq(products.id, wishlistItems.productId))
          .where(eq(wishlistItems.userId, userId))
          .orderBy(asc(wishlistItems.id)),
        devices: await db
          .select()
          .from(devices)
          .where(eq(devices.userId, userId))
          .orderBy(asc(devices.id)),
        loyaltyLedger: await db
          .select()
          .from(loyaltyLedger)
          .where(eq(loyaltyLedger.userId, userId))
          .orderBy(asc(loyaltyLedger.id)),
        // Cards sent to the customer's address: whom they were for and the message, never the code.
        giftCardsReceived: email
          ? await db
              .select({
                id: giftCards.id,
                last4: giftCards.last4,
                currency: giftCards.currency,
                status: giftCards.status,
                recipientEmail: giftCards.recipientEmail,
                message: giftCards.message,
                expiresAt: giftCards.expiresAt,
                createdAt: giftCards.createdAt,
              })
              .from(giftCards)
              .where(sentTo(email))
              .orderBy(asc(giftCards.id))
          : [],
        preferences: (
          await db
            .select()
            .from(notificationPreferences)
            .where(eq(notificationPreferences.userId, userId))
        )[0],
      };
    },
  };
}

export type AccountRepository = ReturnType<typeof createAccountRepository>;
