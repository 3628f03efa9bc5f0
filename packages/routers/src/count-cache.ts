import { LRUCache } from 'lru-cache';
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
 * keys is bounded (search queries are arbitrary), the least recently used going first
 * (lru-cache).
 */
export type CountCache = TtlCache<number>;

/**
 * Values remembered per key for `ttlMs` per process (the count cache above; reference data, see
 * store-settings/reference-cache.ts). `ttlMs` 0 turns remembering off: every `get` loads.
 */
export interface TtlCache<T> {
  /** The value for `key`, from the cache while fresh, otherwise from `load()`. */
  get<V extends T>(key: string, load: () => Promise<V>): Promise<V>;
  /**
   * The value for `key` if one has been loaded and is fresh, otherwise `load()`, neither waiting
   * for a load in flight nor remembering this one. For callers holding a database connection
   * (inside a transaction): waiting for a load that needs another pooled connection can deadlock
   * once every connection is held by such a caller (and always hangs PGlite's single one).
   */
  getIfLoaded<V extends T>(key: string, load: () => Promise<V>): Promise<V>;
  /** Forgets every value (after a write that changes them). */
  clear(): void;
}

interface Entry<T> {
  value: Promise<T>;
  loaded: boolean;
}

export interface TtlCacheOptions {
  clock: Clock;
  ttlMs: number;
  maxEntries?: number;
}

export function createCountCache(options: TtlCacheOptions): CountCache {
  return createTtlCache<number>(options);
}

export function createTtlCache<T>(options: TtlCacheOptions): TtlCache<T> {
  const { clock, ttlMs } = options;
  if (ttlMs <= 0)
    return { get: (_key, load) => load(), getIfLoaded: (_key, load) => load(), clear() {} };

  // Promises are stored, so concurrent requests for a key share one load. Expiry reads the
  // injected clock on every check (ttlResolution 0), so tests can move time.
  const entries = new LRUCache<string, Entry<T>>({
    max: options.maxEntries ?? 1000,
    ttl: ttlMs,
    ttlResolution: 0,
    perf: { now: () => clock.now().getTime() },
  });

  return {
    get<V extends T>(key: string, load: () => Promise<V>): Promise<V> {
      // Stored under this key by a `load` of the same type: the key names what is loaded.
      const hit = entries.get(key);
      if (hit) return hit.value as Promise<V>;
      // Settled once: a lazy thenable (a drizzle query) stored as is would run at every await.
      const value = Promise.resolve(load());
      const entry: Entry<T> = { value, loaded: false };
      entries.set(key, entry);
      // A failed load is not remembered.
      value.then(
        () => {
          entry.loaded = true;
        },
        () => {
          if (entries.peek(key) === entry) entries.delete(key);
        },
      );
      return value;
    },
    getIfLoaded<V extends T>(key: string, load: () => Promise<V>): Promise<V> {
      const hit = entries.get(key);
      return hit?.loaded ? (hit.value as Promise<V>) : load();
    },
    clear() {
      entries.clear();
    },
  };
}
