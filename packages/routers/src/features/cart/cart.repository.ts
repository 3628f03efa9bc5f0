import type { Executor } from '@storefront/db/client';
import { preparedQueries } from '@storefront/db/prepared';
import { cartItems, carts } from '@storefront/db/schema';
import { and, asc, eq, sql } from 'drizzle-orm';

export type CartRecord = typeof carts.$inferSelect;
export type CartItemRecord = typeof cartItems.$inferSelect;
export type CartChanges = Partial<
  Pick<
    CartRecord,
    | 'couponCode'
    | 'shippingAddress'
    | 'billingAddress'
    | 'billingSameAsShipping'
    | 'shippingMethod'
    | 'paymentMethod'
    | 'gatewayOrderId'
    | 'gatewayAmountCents'
    | 'gatewayCurrency'
    | 'gatewayCartVersion'
    | 'gatewayPaymentError'
    | 'status'
  >
>;

/**
 * The queries every cart change runs, built by drizzle once (placeholders) and run on the pool or
 * on the change's transaction (see prepared.ts).
 */
const cartQueries = preparedQueries((db) => {
  const openOf = and(eq(carts.userId, sql.placeholder('userId')), eq(carts.status, 'open'));
  const newLine = {
    cartId: sql.placeholder('cartId'),
    productId: sql.placeholder('productId'),
    quantity: sql.placeholder('quantity'),
  };
  const merge = { quantity: sql`${cartItems.quantity} + excluded.quantity`, updatedAt: sql`now()` };
  return {
    openCart: db.select().from(carts).where(openOf).prepare('cart_open'),
    openCartLocked: db.select().from(carts).where(openOf).for('update').prepare('cart_open_locked'),
    items: db
      .select()
      .from(cartItems)
      .where(eq(cartItems.cartId, sql.placeholder('cartId')))
      .orderBy(asc(cartItems.id))
      .prepare('cart_items'),
    addProduct: db
      .insert(cartItems)
      .values({ ...newLine, variantId: null })
      .onConflictDoUpdate({
        target: [cartItems.cartId, cartItems.productId],
        targetWhere: sql`${cartItems.variantId} is null`,
        set: merge,
      })
      .returning()
      .prepare('cart_add_product'),
    addVariant: db
      .insert(cartItems)
      .values({ ...newLine, variantId: sql.placeholder('variantId') })
      .onConflictDoUpdate({
        target: [cartItems.cartId, cartItems.productId, cartItems.variantId],
        targetWhere: sql`${cartItems.variantId} is not null`,
        set: merge,
      })
      .returning()
      .prepare('cart_add_variant'),
    touchContents: db
      .update(carts)
      .set({ version: sql`${carts.version} + 1` })
      .where(eq(carts.id, sql.placeholder('cartId')))
      .prepare('cart_touch'),
    touchContentsWithCredits: db
      .update(carts)
      .set({ version: sql`${carts.version} + 1`, creditsApplied: true })
      .where(eq(carts.id, sql.placeholder('cartId')))
      .prepare('cart_touch_credits'),
  };
});

export function createCartRepository(db: Executor) {
  const queries = () => cartQueries.on(db);

  return {
    /**
     * The customer's open cart, created on first use. With `lock`, the row is locked until the
     * transaction ends: every mutation of one cart is serialised in the database, across
     * server instances (five concurrent adds end with quantity 5).
     */
    /** Records on the checkout why the gateway reported its payment as failed (webhook). */
    async recordPaymentError(gatewayOrderId: string, message: string): Promise<void> {
      await db
        .update(carts)
        .set({ gatewayPaymentError: message })
        .where(eq(carts.gatewayOrderId, gatewayOrderId));
    },

    /** The cart a gateway order was issued for, open or not. */
    async findByGatewayOrder(gatewayOrderId: string): Promise<CartRecord | undefined> {
      const [cart] = await db.select().from(carts).where(eq(carts.gatewayOrderId, gatewayOrderId));
      return cart;
    },

    async openCart(userId: number, options: { lock?: boolean } = {}): Promise<CartRecord> {
      const select = () =>
        (options.lock ? queries().openCartLocked : queries().openCart).execute({ userId });
      const [existing] = await select();
      if (existing) return existing;
      // First use: concurrent first requests race here; the partial unique index lets one win.
      await db
        .insert(carts)
        .values({ userId })
        .onConflictDoNothing({ target: carts.userId, where: sql`${carts.status} = 'open'` });
      const [cart] = await select();
      if (!cart) throw new Error('open cart vanished');
      return cart;
    },

    items(cartId: number): Promise<CartItemRecord[]> {
      return queries().items.execute({ cartId });
    },

    async findItem(cartId: number, itemId: number): Promise<CartItemRecord | undefined> {
      const [item] = await db
        .select()
        .from(cartItems)
        .where(and(eq(cartItems.id, itemId), eq(cartItems.cartId, cartId)));
      return item;
    },

    /** Adds a line or merges into the existing line of the same product/variant. */
    async addQuantity(
      cartId: number,
      productId: number,
      variantId: number | null,
      quantity: number,
    ): Promise<CartItemRecord> {
      const [item] =
        variantId === null
          ? await queries().addProduct.execute({ cartId, productId, quantity })
          : await queries().addVariant.execute({ cartId, productId, variantId, quantity });
      if (!item) throw new Error('cart line upsert returned no row');
      return item;
    },

    async setQuantity(itemId: number, quantity: number): Promise<void> {
      await db.update(cartItems).set({ quantity }).where(eq(cartItems.id, itemId));
    },

    async deleteItem(itemId: number): Promise<void> {
      await db.delete(cartItems).where(eq(cartItems.id, itemId));
    },

    async clearItems(cartId: number): Promise<void> {
      await db.delete(cartItems).where(eq(cartItems.cartId, cartId));
    },

    /**
     * Records a change of contents: a gateway order issued for an older version is void.
     * `creditsApplied`: a gift card or points were applied, so reads of the cart include them.
     */
    async touchContents(cartId: number, options: { creditsApplied?: true } = {}): Promise<void> {
      const query = options.creditsApplied
        ? queries().touchContentsWithCredits
        : queries().touchContents;
      await query.execute({ cartId });
    },

    async update(cartId: number, changes: CartChanges): Promise<void> {
      await db.update(carts).set(changes).where(eq(carts.id, cartId));
    },
  };
}

export type CartRepository = ReturnType<typeof createCartRepository>;
