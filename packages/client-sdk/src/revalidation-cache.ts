/**
 * Copies of public catalogue reads kept with their ETag: the next GET of the same URL sends
 * `If-None-Match`, and a 304 answers from the copy (no body crosses the network). Only responses
 * marked `Cache-Control: public` are kept, so nothing private stays on a shared device.
 */
export interface RevalidationCache {
  get(url: string): { etag: string; body: string } | undefined;
  set(url: string, etag: string, body: string): void;
  clear(): void;
}

/** In memory, the least recently used copy going first beyond `maxEntries` (default 200). */
export function memoryRevalidationCache(maxEntries = 200): RevalidationCache {
  const entries = new Map<string, { etag: string; body: string }>();
  return {
    get(url) {
      const entry = entries.get(url);
      if (entry) {
        entries.delete(url);
        entries.set(url, entry);
      }
      return entry;
    },
    set(url, etag, body) {
      entries.delete(url);
      entries.set(url, { etag, body });
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
    },
    clear() {
      entries.clear();
    },
  };
}

/** Whether a response may be kept: an ETag and `Cache-Control: public`. */
export function isRevalidatable(response: Response): string | undefined {
  const etag = response.headers.get('etag');
  const cacheControl = response.headers.get('cache-control') ?? '';
  return etag && /(^|,)\s*public\s*(,|$)/i.test(cacheControl) ? etag : undefined;
}
