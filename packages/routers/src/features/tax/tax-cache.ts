import { createTtlCache, type TtlCacheOptions } from '../../count-cache';
import type { TaxReader } from './tax-reads.repository';

/**
 * The tax reader as carts and checkouts use it: settings, rules and categories change rarely and
 * are read on every pricing, so they are remembered per process for `ttlMs`
 * (`REFERENCE_CACHE_TTL_MS`, as store-settings/reference-cache.ts; 0 reads every time). Every tax
 * admin write clears it, and so does every catalogue change (catalog-version.ts lists it among the
 * reference caches), so another instance's edit is seen once this one reads the new version.
 * A reader bound to a transaction uses values already loaded and otherwise reads through its own
 * transaction, never waiting on a pooled load (the deadlock reference-cache.ts describes).
 */
export function createTaxCache(options: TtlCacheOptions) {
  const cache = createTtlCache<unknown>(options);
  return {
    clear: () => cache.clear(),
    reader(reader: TaxReader, inTransaction: boolean): TaxReader {
      const get = inTransaction ? cache.getIfLoaded.bind(cache) : cache.get.bind(cache);
      return {
        settings: () => get('settings', () => reader.settings()),
        rules: () => get('rules', () => reader.rules()),
        categories: () => get('categories', () => reader.categories()),
      };
    },
  };
}

export type TaxCache = ReturnType<typeof createTaxCache>;
