import { randomBytes } from 'node:crypto';
import type { Clock } from './ports';

/** Where the shared token lives (the settings table); see store-settings/feature-flags.repository.ts. */
export interface CatalogVersionStore {
  read(): Promise<string | undefined>;
  /** Stores `token` unless one is already stored (first start on a new database). */
  initialise(token: string): Promise<void>;
  write(token: string): Promise<void>;
}

/**
 * A token naming the current state of the public catalogue (products, categories, reviews,
 * banners, currencies, flags): the HTTP layer's ETag for those responses (issue 8, "cheap repeat
 * reads"), checked before a body is built so a matching `If-None-Match` costs no query.
 *
 * - Writes that change what those responses show call `changed()` after they commit, so a reader
 *   that took the token before a body it built from newer data only causes a needless 200, never
 *   a stale 304.
 * - The token is random and stored in the database, so every instance behind a load balancer
 *   hands out the same ETags; other instances see a change within `ttlMs` (the only staleness).
 * - Special prices and banners open and close on their own schedule, without a write: the token
 *   also carries the current time window (`windowMs`), so no copy outlives one window.
 */
export interface CatalogVersion {
  current(): Promise<string>;
  /**
   * Never throws: the write it follows has already committed. `products`: only product rows
   * changed (stock, ratings: a customer's order or review), so reference data stays cached.
   */
  changed(what?: 'products' | 'anything'): Promise<void>;
}

const newToken = () => randomBytes(6).toString('base64url');

export function createCatalogVersion(options: {
  store: CatalogVersionStore;
  clock: Clock;
  /** How long this instance trusts its copy of the token. */
  ttlMs: number;
  windowMs?: number;
  /**
   * This instance's caches of catalogue data (list totals, built searches): cleared by every
   * change made here, and whenever a read shows another instance's change.
   */
  caches?: Array<{ clear(): void }>;
  /**
   * Its caches of reference data (flags, currencies, methods, tax rates): cleared likewise, except
   * by changes to products alone.
   */
  referenceCaches?: Array<{ clear(): void }>;
  reportError?: (error: unknown) => void;
}): CatalogVersion {
  const { store, clock, ttlMs } = options;
  const windowMs = options.windowMs ?? 60_000;
  let cached: { token: Promise<string>; expiresAt: number } | undefined;
  /** The last token this instance knew: a different one read back means a change elsewhere. */
  let known: string | undefined;
  const clearCaches = (what: 'products' | 'anything' = 'anything') => {
    for (const cache of options.caches ?? []) cache.clear();
    if (what === 'anything') for (const cache of options.referenceCaches ?? []) cache.clear();
  };

  async function readToken(): Promise<string> {
    const stored = await store.read();
    if (stored !== undefined) return stored;
    await store.initialise(newToken());
    return (await store.read()) ?? '0';
  }

  async function load(): Promise<string> {
    const token = await readToken();
    if (known !== undefined && token !== known) clearCaches();
    known = token;
    return token;
  }

  function token(now: number): Promise<string> {
    if (cached && cached.expiresAt > now) return cached.token;
    const loading = load();
    cached = { token: loading, expiresAt: now + ttlMs };
    // A failed read is not remembered.
    loading.catch(() => {
      if (cached?.token === loading) cached = undefined;
    });
    return loading;
  }

  /** Stores the newest token this instance made; never throws. */
  async function writeNewest(): Promise<void> {
    try {
      await store.write(known ?? newToken());
    } catch (error) {
      // The database is unreachable: re-read it as soon as it is back.
      cached = undefined;
      options.reportError?.(error);
    }
  }

  /**
   * Every order moves the version (stock), so 50 customers checking out wrote the one settings
   * row 50 times over, each write queued on the last one's row lock. Writes are coalesced
   * instead: a change while a write is in flight joins the single write queued behind it, which
   * stores the newest token, so each caller still returns only after a write that began after
   * its change (docs/performance.md, "Catalogue version").
   */
  let writing: Promise<void> | undefined;
  let queued: Promise<void> | undefined;
  function startWrite(): Promise<void> {
    const started = writeNewest().finally(() => {
      if (writing === started) writing = undefined;
    });
    writing = started;
    return started;
  }
  function scheduleWrite(): Promise<void> {
    if (queued) return queued;
    if (!writing) return startWrite();
    const next = writing.then(() => {
      queued = undefined;
      return startWrite();
    });
    queued = next;
    return next;
  }

  return {
    async current() {
      const now = clock.now().getTime();
      return `${await token(now)}.${Math.floor(now / windowMs).toString(36)}`;
    },

    changed(what = 'anything') {
      const next = newToken();
      known = next;
      cached = { token: Promise.resolve(next), expiresAt: clock.now().getTime() + ttlMs };
      clearCaches(what);
      return scheduleWrite();
    },
  };
}

/** If-None-Match holds `tag` (a list, weak or strong, or `*`); weak comparison, RFC 9110 13.1.2. */
export function ifNoneMatchHolds(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = (value: string) => value.trim().replace(/^W\//, '');
  return header.split(',').some((candidate) => opaque(candidate) === opaque(tag));
}

/** The catalogue version as a weak ETag. */
export const catalogETag = (version: string) => `W/"${version}"`;

/**
 * A catalogue read's caching headers and whether the client's copy is still current: the 304
 * (apps/api/src/http/rest.ts) and the 200's headers (trpc.ts) decide from this. Undefined when
 * the version cannot be read (the database is unreachable): the procedure then answers without
 * caching headers.
 */
export async function revalidateCatalogRead(
  version: Pick<CatalogVersion, 'current'>,
  request: { ifNoneMatch: string | undefined; cacheControl: string },
): Promise<{ headers: Record<string, string>; notModified: boolean } | undefined> {
  let etag: string;
  try {
    etag = catalogETag(await version.current());
  } catch {
    return undefined;
  }
  return {
    headers: { ETag: etag, 'Cache-Control': request.cacheControl },
    notModified: ifNoneMatchHolds(request.ifNoneMatch, etag),
  };
}
