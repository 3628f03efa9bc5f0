import { createTtlCache, type TtlCacheOptions } from '../../count-cache';
import type { SettingsRepository } from './feature-flags.repository';
import type { ReferenceDataRepository } from './reference-data.repository';

/**
 * Reference data that every cart and checkout call reads and that almost never changes: feature
 * flags, the default currency, tax rates, shipping and payment methods. Counted with a
 * postgres.js debug hook, these were 32 of the 93 queries of one customer's add → address →
 * shipping → payment → place-order flow. Remembered per process for `ttlMs`
 * (`REFERENCE_CACHE_TTL_MS`, default 5 s; 0 reads every time, as most tests do). A feature flag
 * set through this process clears the cache at once, and so does every catalogue change
 * (`catalog-version.ts`: admin writes here, or another instance's change once this one reads the
 * new catalogue version); rows edited directly in the database are seen within `ttlMs`.
 * Wrapping the repositories keeps the services unaware of it. Repositories bound to a
 * transaction (`inTransaction`) use values already loaded and otherwise read through their own
 * transaction: waiting for another caller's load, which needs a pooled connection, deadlocked the
 * pool once all its connections were held by transactions waiting the same way (pnpm bench).
 */
export function createReferenceCache(options: TtlCacheOptions) {
  const cache = createTtlCache<unknown>(options);
  const getter = (inTransaction: boolean) =>
    inTransaction ? cache.getIfLoaded.bind(cache) : cache.get.bind(cache);
  return {
    clear: () => cache.clear(),
    referenceData(repo: ReferenceDataRepository, inTransaction: boolean): ReferenceDataRepository {
      const get = getter(inTransaction);
      return {
        ...repo,
        defaultCurrency: () => get('currency', () => repo.defaultCurrency()),
        shippingMethod: (code) => get(`shipping:${code}`, () => repo.shippingMethod(code)),
        activeShippingMethods: () => get('shipping:active', () => repo.activeShippingMethods()),
        paymentMethod: (code) => get(`payment:${code}`, () => repo.paymentMethod(code)),
        activePaymentMethods: () => get('payment:active', () => repo.activePaymentMethods()),
      };
    },
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
