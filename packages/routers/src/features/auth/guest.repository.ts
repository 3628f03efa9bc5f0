import type { Executor } from '@storefront/db/client';
import {
  cartItems,
  carts,
  couponRedemptions,
  gatewayOrders,
  orders,
  products,
  productVariants,
  sessions,
  users,
} from '@storefront/db/schema';
import { and, eq, exists, gt, inArray, lt, ne, not, sql } from 'drizzle-orm';

/**
 * Guest accounts (users with role `guest`) and their merge into a real account. A guest is an
 * ordinary user row, so the cart, checkout and orders code serves it unchanged; the merge moves
 * what it owns (cart lines, orders, their gateway orders and coupon redemptions) and deletes it.
 */
export function createGuestRepository(db: Executor) {
  return {
    async insertGuest(): Promise<number> {
      const [row] = await db
        .insert(users)
        .values({ name: 'Guest', email: null, phone: '', passwordHash: null, role: 'guest' })
        .returning({ id: users.id });
      if (!row) throw new Error('guest insert returned no row');
      return row.id;
    },

    /**
     * Ends the guest session of this token digest and answers its guest's id; undefined when it
     * is no live guest session. Of racing claims of one token exactly one deletes the row.
     */
    async claimGuestSession(sessionId: string, now: Date): Promise<number | undefined> {
      const [row] = await db
        .delete(sessions)
        .where(
          and(
            eq(sessions.id, sessionId),
            gt(sessions.expiresAt, now),
            inArray(
              sessions.userId,
              db.select({ id: users.id }).from(users).where(eq(users.role, 'guest')),
            ),
          ),
        )
        .returning({ userId: sessions.userId });
      return row?.userId;
    },

    /** Whether this digest is a live guest session (a cheap check before creating an account). */
    async isGuestSession(sessionId: string, now: Date): Promise<boolean> {
      const [row] = await db
        .select({ id: sessions.id })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(
          and(eq(sessions.id, sessionId), gt(sessions.expiresAt, now), eq(users.role, 'guest')),
        )
        .limit(1);
      return row !== undefined;
    },

    /** The guest's row, locked (as place-order locks its buyer, before the cart). */
    async lockGuest(guestId: number): Promise<void> {
      await db.select({ id: users.id }).from(users).where(eq(users.id, guestId)).for('update');
    },

    /** The open cart of a user, locked, created when missing. */
    async lockOpenCart(userId: number) {
      const select = () =>
        db
          .select({ id: carts.id, couponCode: carts.couponCode })
          .from(carts)
          .where(and(eq(carts.userId, userId), eq(carts.status, 'open')))
          .for('update');
      const [existing] = await select();
      if (existing) return existing;
      await db
        .insert(carts)
        .values({ userId })
        .onConflictDoNothing({ target: carts.userId, where: sql`${carts.status} = 'open'` });
      const [cart] = await select();
      if (!cart) throw new Error('open cart vanished');
      return cart;
    },

    async findOpenCart(userId: number) {
      const [cart] = await db
        .select({ id: carts.id, couponCode: carts.couponCode })
        .from(carts)
        .where(and(eq(carts.userId, userId), eq(carts.status, 'open')))
        .for('update');
      return cart;
    },

    /** The lines of a cart with the stock of what each holds. */
    linesWithStock(cartId: number) {
      return db
        .select({
          id: cartItems.id,
          productId: cartItems.productId,
          variantId: cartItems.variantId,
          quantity: cartItems.quantity,
          stock: sql<number>`coalesce(${productVariants.stockQuantity}, ${products.stockQuantity})`,
        })
        .from(cartItems)
        .innerJoin(products, eq(products.id, cartItems.productId))
        .leftJoin(productVariants, eq(productVariants.id, cartItems.variantId))
        .where(eq(cartItems.cartId, cartId))
        .orderBy(cartItems.id);
    },

    async setLineQuantity(itemId: number, quantity: number): Promise<void> {
      await db.update(cartItems).set({ quantity }).where(eq(cartItems.id, itemId));
    },

    async insertLine(
      cartId: number,
      line: { productId: number; variantId: number | null; quantity: number },
    ): Promise<void> {
      await db.insert(cartItems).values({ cartId, ...line });
    },

    /** A change of contents: a gateway order issued for the older cart is void (cart.repository). */
    async touchCart(cartId: number, couponCode?: string): Promise<void> {
      await db
        .update(carts)
        .set({
          version: sql`${carts.version} + 1`,
          ...(couponCode !== undefined ? { couponCode } : {}),
        })
        .where(eq(carts.id, cartId));
    },

    /**
     * Deletes the guests made before `cutoff` that have no session living past it (all ended at
     * least the retention ago) and no order (orders keep their guest: the row is referenced).
     * Their open cart, sessions and the like go with the row (ON DELETE CASCADE).
     */
    async deleteAbandonedGuests(cutoff: Date): Promise<number[]> {
      const rows = await db
        .delete(users)
        .where(
          and(
            eq(users.role, 'guest'),
            lt(users.createdAt, cutoff),
            not(
              exists(
                db
                  .select({ one: sql`1` })
                  .from(sessions)
                  .where(and(eq(sessions.userId, users.id), gt(sessions.expiresAt, cutoff))),
              ),
            ),
            not(exists(db.select({ one: sql`1` }).from(orders).where(eq(orders.userId, users.id)))),
          ),
        )
        .returning({ id: users.id });
      return rows.map((row) => row.id);
    },

    /** Moves everything the guest owns besides its open cart to the account, then deletes it. */
    async moveOwnershipAndDelete(guestId: number, accountId: number): Promise<number> {
      const moved = await db
        .update(orders)
        .set({ userId: accountId })
        .where(eq(orders.userId, guestId))
        .returning({ id: orders.id });
      await db
        .update(carts)
        .set({ userId: accountId })
        .where(and(eq(carts.userId, guestId), ne(carts.status, 'open')));
      await db
        .update(gatewayOrders)
        .set({ userId: accountId })
        .where(eq(gatewayOrders.userId, guestId));
      await db
        .update(couponRedemptions)
        .set({ userId: accountId })
        .where(eq(couponRedemptions.userId, guestId));
      // The open cart, sessions and idempotency keys go with the row (ON DELETE CASCADE).
      await db.delete(users).where(and(eq(users.id, guestId), eq(users.role, 'guest')));
      return moved.length;
    },
  };
}

export type GuestRepository = ReturnType<typeof createGuestRepository>;
