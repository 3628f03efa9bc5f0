import type { CartRecord, CartRepository } from './cart.repository';

/*
 * Place-order's write of the cart slice: the cart becomes the order's and the customer's next
 * request opens a new one. Nothing undoes it: a cancelled order's cart stays ordered (its lines
 * are on the order), and the customer shops in the new one.
 */

/** 4. Hand over the cart (in the order's transaction). */
export async function handOverCart(
  tx: { cart: Pick<CartRepository, 'update'> },
  cart: CartRecord,
): Promise<void> {
  await tx.cart.update(cart.id, { status: 'ordered' });
}
