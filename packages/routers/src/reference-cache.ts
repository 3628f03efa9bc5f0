import { createTtlCache, type TtlCacheOptions } from './count-cache';
import type { CartRepository } from './features/cart/cart.repository';
import type { CheckoutRepository } from './features/checkout/checkout.repository';
import type { SettingsRepository } from './features/settings/settings.repository';

/**
 * Reference data that every cart and checkout call reads and that almost never changes: feature
 * flags, the default currency, tax rates, shipping and payment methods. Counted with a
 * postgres.js debug hook, these were 32 of the 93 queries of one customer's add → address →
 * shipping → payment → place-order flow. Remembered per process for `ttlMs`
 * (`REFERENCE_CACHE_TTL_MS`, default 5 s; 0 reads every time, as the tests do). A feature flag
 * set through this process clears the cache at once; other instances, and tax rates or methods
 * edited in the database (there is no admin API for them), are seen within `ttlMs`.
 * Wrapping the repositories keeps the services unaware of it, and the tx-bound repositories of a
 * transaction share the cache.
 */
export function createReferenceCache(options: TtlCacheOptions) {
  const cache = createTtlCache<unknown>(options);
  return {
    cart: (repo: CartRepository): CartRepository => ({
      ...repo,
      taxRateBasisPoints: (country) =>
        cache.get(`tax:${country ?? ''}`, () => repo.taxRateBasisPoints(country)),
      shippingMethod: (code) => cache.get(`shipping:${code}`, () => repo.shippingMethod(code)),
      activeShippingMethods: () => cache.get('shipping:active', () => repo.activeShippingMethods()),
      defaultCurrency: () => cache.get('currency', () => repo.defaultCurrency()),
    }),
    checkout: (repo: CheckoutRepository): CheckoutRepository => ({
      ...repo,
      paymentMethod: (code) => cache.get(`payment:${code}`, () => repo.paymentMethod(code)),
      activePaymentMethods: () => cache.get('payment:active', () => repo.activePaymentMethods()),
    }),
    settings: (repo: SettingsRepository): SettingsRepository => ({
      ...repo,
      featureOverrides: () => cache.get('flags', () => repo.featureOverrides()),
      async setFeature(flag, enabled) {
        await repo.setFeature(flag, enabled);
        cache.clear();
      },
    }),
  };
}
