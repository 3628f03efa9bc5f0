import {
  addresses,
  cartItems,
  carts,
  giftCards,
  orders,
  returns,
  reviews,
  users,
  wishlistItems,
} from '@storefront/db/schema';
import { asc, eq, inArray } from 'drizzle-orm';
import type { TestApp } from '../harness';

/**
 * Everything a customer owns, read straight from the database, for "nothing changed" checks
 * after another customer (or a hostile body) went at it.
 */
export async function ownerSnapshot(t: TestApp, userId: number) {
  const db = t.db;
  const ownCarts = await db
    .select()
    .from(carts)
    .where(eq(carts.userId, userId))
    .orderBy(asc(carts.id));
  const cartIds = ownCarts.map((cart) => cart.id);
  return {
    user: await db.select().from(users).where(eq(users.id, userId)),
    addresses: await db
      .select()
      .from(addresses)
      .where(eq(addresses.userId, userId))
      .orderBy(asc(addresses.id)),
    carts: ownCarts,
    cartItems:
      cartIds.length === 0
        ? []
        : await db
            .select()
            .from(cartItems)
            .where(inArray(cartItems.cartId, cartIds))
            .orderBy(asc(cartItems.id)),
    orders: await db.select().from(orders).where(eq(orders.userId, userId)).orderBy(asc(orders.id)),
    returns: await db
      .select()
      .from(returns)
      .where(eq(returns.userId, userId))
      .orderBy(asc(returns.id)),
    storeCredit: await db
      .select()
      .from(giftCards)
      .where(eq(giftCards.ownerUserId, userId))
      .orderBy(asc(giftCards.id)),
    reviews: await db
      .select()
      .from(reviews)
      .where(eq(reviews.userId, userId))
      .orderBy(asc(reviews.id)),
    wishlist: await db
      .select()
      .from(wishlistItems)
      .where(eq(wishlistItems.userId, userId))
      .orderBy(asc(wishlistItems.id)),
  };
}
