import type { Clock } from './ports';

/**
 * Totals of paginated lists (`meta.total`), remembered for a few seconds per process.
 *
 * Counting every visible product (or every search match) on each page request cost more than
 * reading the page itself: 1.5 ms of PostgreSQL CPU at 10,000 products, 12–15 ms at 100,000,
 * growing with the catalogue. The decision (docs: README "Performance"): a total is exact for
 * the data as it was at most `ttlMs` ago (default 2 s, `COUNT_CACHE_TTL_MS`; 0 turns it off).
 * Writes in this process that change what a list shows call `clear()`; other instances catch up
 * within the same bound. Concurrent requests for the same key share one count, and the number of
 * keys is bounded (search queries are arbitrary), the oldest going first.
 */
export interface CountCache {
  /** The total for `key`, from the cache while fresh, otherwise from `count()`. */
  get(key: string, count: () => Promise<number>): Promise<number>;
  /** Forgets every total (after a write that changes lists). */
  clear(): void;
}

interface Entry {
  expiresAt: number;
  total: Promise<number>;
}

export function createCountCache(options: {
  clock: Clock;
  ttlMs: number;
  maxEntries?: number;
}): CountCache {
  const { clock, ttlMs } = options;
  const maxEntries = options.maxEntries ?? 1000;
  const entries = new Map<string, Entry>();

  if (ttlMs <= 0) return { get: (_key, count) => count(), clear() {} };

  return {
    get(key, count) {
      const now = clock.now().getTime();
      const hit = entries.get(key);
      if (hit && hit.expiresAt > now) return hit.total;
      if (hit) entries.delete(key);
      const total = count();
      entries.set(key, { expiresAt: now + ttlMs, total });
      // A failed count is not remembered.
      total.catch(() => {
        if (entries.get(key)?.total === total) entries.delete(key);
      });
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
      return total;
    },
    clear() {
      entries.clear();
    },
  };
}
