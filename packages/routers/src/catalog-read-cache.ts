import { LRUCache } from 'lru-cache';
import type { CatalogVersion } from './catalog-version';

/**
 * Answers of the anonymous catalogue reads (product detail, list pages, categories, search),
 * kept per process and keyed by the catalogue version, the shop's currency and the read's
 * normalised input (docs/performance.md, "Catalogue read cache").
 *
 * - Fresh as the ETag is: every write that changes what those answers show moves the version
 *   (catalog-version.ts), so an answer is reused only while a 304 for the same read would be
 *   given. Another instance's change is seen once this one re-reads the version, within
 *   `CATALOG_VERSION_TTL_MS`; the version also carries the current time window, so no answer
 *   outlives one window (special prices open and close on their own).
 * - Only answers that are the same for everyone: the wrapped services take no session, and
 *   customer-specific reads (wishlist, cart, orders) never come here.
 * - Bounded twice: by entries, and by the length of each answer's JSON (the heap holds roughly
 *   two to three times that), the least recently used going first (lru-cache).
 * - Concurrent misses of one key share one load; a failed load (404, 422, an unreachable
 *   database) is not kept. Answers are frozen: every request shares the same objects.
 */
export interface CatalogReadCache {
  /** `load()`'s answer for `key` under the current catalogue version and currency. */
  read<T extends object>(key: string, load: () => Promise<T>): Promise<T>;
  /** Forgets every answer (catalog-version.ts calls it when the version moves). */
  clear(): void;
}

export interface CatalogReadCacheOptions {
  version: Pick<CatalogVersion, 'current'>;
  /** The shop's default currency, which every price in these answers is shown in. */
  currency: () => Promise<string>;
  /** At most this many answers; 0 turns the cache off. */
  maxEntries: number;
  /** At most this many characters of JSON over all answers; 0 turns the cache off. */
  maxBytes: number;
}

/** Every read loads (tests, and `CATALOG_READ_CACHE_MAX_ENTRIES=0`). */
export const noCatalogReadCache: CatalogReadCache = { read: (_key, load) => load(), clear() {} };

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const field of Object.values(value)) deepFreeze(field);
  }
  return value;
}

type Load = () => Promise<object>;

export function createCatalogReadCache(options: CatalogReadCacheOptions): CatalogReadCache {
  if (options.maxEntries <= 0 || options.maxBytes <= 0) return noCatalogReadCache;
  const answers = new LRUCache<string, object, Load>({
    max: options.maxEntries,
    maxSize: options.maxBytes,
    sizeCalculation: (answer) => Math.max(1, JSON.stringify(answer).length),
    fetchMethod: async (_key, _stale, { context }) => deepFreeze(await context()),
    // A clear() while a load is in flight (the version moved) still answers that request; the
    // answer is simply not kept.
    ignoreFetchAbort: true,
  });

  return {
    async read<T extends object>(key: string, load: () => Promise<T>): Promise<T> {
      let scope: string;
      try {
        const [version, currency] = await Promise.all([
          options.version.current(),
          options.currency(),
        ]);
        scope = `${version} ${currency}`;
      } catch {
        // The version cannot be read (the database is unreachable): answer without the cache.
        return load();
      }
      // Stored under this key by a load of the same type: the key names what is loaded.
      return (await answers.fetch(`${scope} ${key}`, { context: load })) as T;
    },
    clear: () => answers.clear(),
  };
}

/**
 * `service` with the reads named in `reads` answered through `cache`, keyed by the read's name
 * and its arguments (inputs already parsed by zod: defaults filled, strings trimmed), so
 * `/products` and `/products?page=1` share one answer.
 */
export function withCatalogReadCache<S extends object, K extends keyof S>(
  service: S,
  cache: CatalogReadCache,
  reads: readonly K[],
): S {
  const cached: Partial<S> = {};
  for (const name of reads) {
    const read = service[name] as (...args: unknown[]) => Promise<object>;
    cached[name] = ((...args: unknown[]) =>
      cache.read(`${String(name)}${JSON.stringify(args)}`, () =>
        read.apply(service, args),
      )) as S[K];
  }
  return { ...service, ...cached };
}
