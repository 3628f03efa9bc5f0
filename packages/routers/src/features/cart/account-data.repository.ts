import type { Executor } from '@storefront/db/client';
import { cartItems, carts } from '@storefront/db/schema';
import { and, eq, ne, sql } from 'drizzle-orm';
import { stockKey, stockOfLines } from '../catalog/index';

/*
 * The cart slice's part of an account's deletion (the account slice composes) and of a guest's
 * merge (sign-in composes, after it has locked the guest's row: the order place-order locks
 * them in, so the two never deadlock on the cart).
 */

/** The customer's carts; their lines go with them (cascade). */
export async function eraseCarts(db: Executor, userId: number): Promise<void> {
  await db.delete(carts).where(eq(carts.userId, userId));
}

const openCartOf = (db: Executor, userId: number) =>
  db
    .select({ id: carts.id, couponCode: carts.couponCode })
    .from(carts)
    .where(and(eq(carts.userId, userId), eq(carts.status, 'open')))
    .for('update');

/** The open cart of a user, locked, created when missing. */
async function lockOpenCart(db: Executor, userId: number) {
  const [existing] = await openCartOf(db, userId);
  if (existing) return existing;
  await db
    .insert(carts)
    .values({ userId })
    .onConflictDoNothing({ target: carts.userId, where: sql`${carts.status} = 'open'` });
  const [cart] = await openCartOf(db, userId);
  if (!cart) throw new Error('open cart vanished');
  return cart;
}

/** The lines of a cart with the stock of what each holds (a line of a vanished product: none). */
async function linesWithStock(db: Executor, cartId: number) {
  const lines = await db
    .select({
      id: cartItems.id,
      productId: cartItems.productId,
      variantId: cartItems.variantId,
      quantity: cartItems.quantity,
    })
    .from(cartItems)
    .where(eq(cartItems.cartId, cartId))
    .orderBy(cartItems.id);
  const stock = await stockOfLines(db, lines);
  return lines.flatMap((line) => {
    const inStock = stock.get(stockKey(line));
    return inStock === undefined ? [] : [{ ...line, stock: inStock }];
  });
}

/**
 * Moves the guest's cart lines into the account's open cart (quantities added, capped by stock;
 * its coupon kept when the account's cart has none), and its ordered carts to the account.
 */
export async function mergeGuestCart(
  db: Executor,
  merge: { guestId: number; userId: number },
): Promise<void> {
  const [guestCart] = await openCartOf(db, merge.guestId);
  if (guestCart) {
    const lines = await linesWithStock(db, guestCart.id);
    if (lines.length > 0 || guestCart.couponCode) {
      const cart = await lockOpenCart(db, merge.userId);
      const own = await linesWithStock(db, cart.id);
      for (const line of lines) {
        const same = own.find(
          (o) => o.productId === line.productId && o.variantId === line.variantId,
        );
        const wanted = (same?.quantity ?? 0) + line.quantity;
        // Capped by stock; a line the account already had above stock keeps its quantity.
        const quantity = Math.min(wanted, Math.max(line.stock, same?.quantity ?? 0));
        if (same) {
          if (quantity !== same.quantity) {
            await db.update(cartItems).set({ quantity }).where(eq(cartItems.id, same.id));
          }
        } else if (quantity > 0) {
          await db.insert(cartItems).values({
            cartId: cart.id,
            productId: line.productId,
            variantId: line.variantId,
            quantity,
          });
        }
      }
      const coupon = cart.couponCode ? undefined : (guestCart.couponCode ?? undefined);
      // A change of contents: a gateway order issued for the older cart is void (cart.repository).
      await db
        .update(carts)
        .set({
          version: sql`${carts.version} + 1`,
          ...(coupon !== undefined ? { couponCode: coupon } : {}),
        })
        .where(eq(carts.id, cart.id));
    }
  }
}

/** The guest's ordered carts become the account's (its open cart goes with the guest's row). */
export async function mergeGuestOrderedCarts(
  db: Executor,
  merge: { guestId: number; userId: number },
): Promise<void> {
  await db
    .update(carts)
    .set({ userId: merge.userId })
    .where(and(eq(carts.userId, merge.guestId), ne(carts.status, 'open')));
}
