import { AppError, validationError } from '../../errors';
import type { IdempotencyClaim } from '../../idempotency';
import type { Clock } from '../../ports';
import type { InTransaction } from '../../transactions';
import type { PurchasableRecord } from '../catalog';
import { cartCreditFields } from './cart.credits';
import {
  type CartRepositories,
  evaluateCoupon,
  priceCart,
  purchasableKey,
  toCartDto,
} from './cart.priced';
import type { CartRecord } from './cart.repository';
import type { AddToCartInput, CartDto } from './cart.schemas';

export interface CartServiceDeps {
  repos: CartRepositories;
  inTransaction: InTransaction<CartRepositories>;
  isFeatureEnabled: (flag: 'coupons') => Promise<boolean>;
  clock: Clock;
}

/** 422 OUT_OF_STOCK naming the product and what is left. */
export function outOfStock(
  purchasable: Pick<PurchasableRecord, 'name' | 'variantName' | 'stockQuantity'>,
) {
  const name = purchasable.variantName
    ? `${purchasable.name} (${purchasable.variantName})`
    : purchasable.name;
  return new AppError(
    'OUT_OF_STOCK',
    purchasable.stockQuantity > 0
      ? `Only ${purchasable.stockQuantity} left of ${name}.`
      : `${name} is out of stock.`,
  );
}

export function createCartService({
  repos,
  inTransaction,
  isFeatureEnabled,
  clock,
}: CartServiceDeps) {
  async function view(
    cart: CartRecord,
    txRepos: CartRepositories = repos,
    couponsEnabled?: boolean,
  ): Promise<CartDto> {
    couponsEnabled ??= await isFeatureEnabled('coupons');
    const now = clock.now();
    const priced = await priceCart(txRepos, cart, { now, couponsEnabled });
    // Computed after the cart's totals, never inside them, through the same executor.
    const credits = await cartCreditFields(txRepos.credits, priced, {
      now,
      isEnabled: (flag) => txRepos.flags.isFeatureEnabled(flag),
    });
    return { ...toCartDto(priced), ...credits };
  }

  /**
   * Every change runs in one transaction holding the cart's row lock, then answers with the
   * whole updated cart (read after commit). With an Idempotency-Key (the SDK's offline cart
   * replaying its queue), the answer is priced inside the transaction and recorded with it, so a
   * replay of an applied change answers that answer again and changes nothing.
   */
  async function mutate(
    userId: number,
    change: (tx: CartRepositories, cart: CartRecord) => Promise<void>,
    claim?: IdempotencyClaim,
  ): Promise<CartDto> {
    if (claim?.replay) return claim.replay as CartDto;
    if (claim) {
      // Read before the transaction: the embedded database has one connection, which it holds.
      const couponsEnabled = await isFeatureEnabled('coupons');
      return inTransaction(async (tx) => {
        const cart = await tx.cart.openCart(userId, { lock: true });
        await change(tx, cart);
        await tx.cart.touchContents(cart.id);
        const answer = await view(await tx.cart.openCart(userId), tx, couponsEnabled);
        await claim.record(tx, 200, answer);
        return answer;
      });
    }
    await inTransaction(async (tx) => {
      const cart = await tx.cart.openCart(userId, { lock: true });
      await change(tx, cart);
      await tx.cart.touchContents(cart.id);
    });
    return view(await repos.cart.openCart(userId));
  }

  /** The product (and variant) a customer may buy, or the 422 saying why not. */
  async function sellable(tx: CartRepositories, productId: number, variantId: number | null) {
    const found = await tx.purchasables.find([productId], clock.now());
    const product = found.find((p) => p.variantId === null);
    if (!product?.active) throw validationError({ product_id: ['This product is not available.'] });
    if (product.type === 'simple') {
      if (variantId !== null)
        throw validationError({ variant_id: ['This product has no variants.'] });
      return product;
    }
    if (variantId === null)
      throw validationError({ variant_id: ['Choose a variant of this product.'] });
    const variant = found.find((p) => p.variantId === variantId);
    if (!variant)
      throw validationError({ variant_id: ['This variant does not belong to the product.'] });
    return variant;
  }

  async function requireCouponsEnabled() {
    if (!(await isFeatureEnabled('coupons'))) {
      throw new AppError('FEATURE_DISABLED', 'Coupons are switched off.');
    }
  }

  return {
    async get(userId: number): Promise<CartDto> {
      return view(await repos.cart.openCart(userId));
    },

    /** The cart's total as priced now (loyalty's share of it). */
    async totalCents(userId: number): Promise<number> {
      const cart = await repos.cart.openCart(userId);
      const couponsEnabled = await isFeatureEnabled('coupons');
      return (await priceCart(repos, cart, { now: clock.now(), couponsEnabled })).totals.totalCents;
    },

    async count(userId: number): Promise<number> {
      const cart = await repos.cart.openCart(userId);
      const items = await repos.cart.items(cart.id);
      return items.reduce((sum, item) => sum + item.quantity, 0);
    },

    /** Adds to the cart, merging into an existing line; the merged quantity must be in stock. */
    add(userId: number, input: AddToCartInput, claim?: IdempotencyClaim): Promise<CartDto> {
      const variantId = input.variant_id ?? null;
      return mutate(
        userId,
        async (tx, cart) => {
          const purchasable = await sellable(tx, input.product_id, variantId);
          const lines = await tx.cart.items(cart.id);
          const existing = lines.find(
            (line) =>
              purchasableKey(line.productId, line.variantId) ===
              purchasableKey(input.product_id, variantId),
          );
          if ((existing?.quantity ?? 0) + input.quantity > purchasable.stockQuantity)
            throw outOfStock(purchasable);
          await tx.cart.addQuantity(cart.id, input.product_id, variantId, input.quantity);
        },
        claim,
      );
    },

    updateQuantity(
      userId: number,
      itemId: number,
      quantity: number,
      claim?: IdempotencyClaim,
    ): Promise<CartDto> {
      return mutate(
        userId,
        async (tx, cart) => {
          const item = await tx.cart.findItem(cart.id, itemId);
          if (!item) throw new AppError('NOT_FOUND', 'Cart item not found.');
          const purchasable = await sellable(tx, item.productId, item.variantId);
          if (quantity > purchasable.stockQuantity) throw outOfStock(purchasable);
          await tx.cart.setQuantity(item.id, quantity);
        },
        claim,
      );
    },

    removeItem(userId: number, itemId: number, claim?: IdempotencyClaim): Promise<CartDto> {
      return mutate(
        userId,
        async (tx, cart) => {
          const item = await tx.cart.findItem(cart.id, itemId);
          if (!item) throw new AppError('NOT_FOUND', 'Cart item not found.');
          await tx.cart.deleteItem(item.id);
        },
        claim,
      );
    },

    clear(userId: number, claim?: IdempotencyClaim): Promise<CartDto> {
      return mutate(userId, (tx, cart) => tx.cart.clearItems(cart.id), claim);
    },

    async applyCoupon(userId: number, code: string, claim?: IdempotencyClaim): Promise<CartDto> {
      await requireCouponsEnabled();
      return mutate(
        userId,
        async (tx, cart) => {
          const coupon = await tx.coupons.findByCode(code);
          if (!coupon)
            throw new AppError('COUPON_INVALID', `Coupon ${code.toUpperCase()} does not exist.`);
          const priced = await priceCart(
            tx,
            { ...cart, couponCode: null },
            { now: clock.now(), couponsEnabled: false },
          );
          const verdict = evaluateCoupon(coupon, {
            subtotalCents: priced.totals.subtotalCents,
            now: clock.now(),
            customerUses: await tx.coupons.customerUses(coupon.id, userId),
            currency: priced.currency,
          });
          if (!verdict.valid) throw new AppError('COUPON_INVALID', verdict.reason);
          await tx.cart.update(cart.id, { couponCode: coupon.code });
        },
        claim,
      );
    },

    async removeCoupon(userId: number, claim?: IdempotencyClaim): Promise<CartDto> {
      await requireCouponsEnabled();
      return mutate(userId, (tx, cart) => tx.cart.update(cart.id, { couponCode: null }), claim);
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;
