import { describe, expect, it } from 'vitest';
import { createCatalogReadCache, withCatalogReadCache } from './catalog-read-cache';

function cacheWith(options: { maxEntries?: number; maxBytes?: number } = {}) {
  const state = { version: 'v1.0', currency: 'USD' };
  const cache = createCatalogReadCache({
    version: { current: async () => state.version },
    currency: async () => state.currency,
    maxEntries: options.maxEntries ?? 100,
    maxBytes: options.maxBytes ?? 1_000_000,
  });
  return { cache, state };
}

/** A load that counts its calls and answers `{ n }` with the count. */
function counter() {
  const calls = { n: 0 };
  return { calls, load: async () => ({ n: ++calls.n }) };
}

describe('catalogue read cache', () => {
  it('reuses an answer per key until the version or the currency moves', async () => {
    const { cache, state } = cacheWith();
    const { calls, load } = counter();
    expect(await cache.read('a', load)).toEqual({ n: 1 });
    expect(await cache.read('a', load)).toEqual({ n: 1 });
    expect(await cache.read('b', load)).toEqual({ n: 2 });
    state.version = 'v2.0';
    expect(await cache.read('a', load)).toEqual({ n: 3 });
    state.currency = 'INR';
    expect(await cache.read('a', load)).toEqual({ n: 4 });
    cache.clear();
    expect(await cache.read('a', load)).toEqual({ n: 5 });
    expect(calls.n).toBe(5);
  });

  it('shares one load between concurrent misses and keeps no failure', async () => {
    const { cache } = cacheWith();
    const { calls, load } = counter();
    const [first, second] = await Promise.all([cache.read('a', load), cache.read('a', load)]);
    expect([first, second, calls.n]).toEqual([{ n: 1 }, { n: 1 }, 1]);
    await expect(cache.read('x', () => Promise.reject(new Error('404')))).rejects.toThrow('404');
    expect(await cache.read('x', async () => ({ ok: true }))).toEqual({ ok: true });
  });

  it('answers a load in flight when cleared, without keeping it', async () => {
    const { cache } = cacheWith();
    let release: (value: { n: number }) => void = () => {};
    let started: () => void = () => {};
    const loading = new Promise<void>((resolve) => (started = resolve));
    const pending = cache.read('a', () => {
      started();
      return new Promise<{ n: number }>((resolve) => (release = resolve));
    });
    await loading;
    cache.clear();
    release({ n: 1 });
    expect(await pending).toEqual({ n: 1 });
    expect(await cache.read('a', async () => ({ n: 2 }))).toEqual({ n: 2 });
  });

  it('is bounded by entries and by the length of the answers’ JSON', async () => {
    const byEntries = cacheWith({ maxEntries: 2 }).cache;
    const { calls, load } = counter();
    await byEntries.read('a', load);
    await byEntries.read('b', load);
    await byEntries.read('c', load);
    await byEntries.read('a', load);
    expect(calls.n).toBe(4);

    // {"s":"xxxxxxxxxx"} is 18 characters: two fit in 40, the third drops the least recent.
    const byBytes = cacheWith({ maxBytes: 40 }).cache;
    let loads = 0;
    const answer = async () => {
      loads += 1;
      return { s: 'x'.repeat(10) };
    };
    await byBytes.read('a', answer);
    await byBytes.read('b', answer);
    await byBytes.read('a', answer);
    expect(loads).toBe(2);
    await byBytes.read('c', answer);
    await byBytes.read('b', answer);
    expect(loads).toBe(4);
  });

  it('hands out frozen answers, so no request can change another one’s', async () => {
    const { cache } = cacheWith();
    const answer = await cache.read('a', async () => ({ items: [{ price: 1 }] }));
    expect(Object.isFrozen(answer.items[0])).toBe(true);
    expect(() => {
      (answer.items[0] as { price: number }).price = 2;
    }).toThrow(TypeError);
  });

  it('reads without caching when off, or when the version cannot be read', async () => {
    const off = createCatalogReadCache({
      version: { current: async () => 'v' },
      currency: async () => 'USD',
      maxEntries: 0,
      maxBytes: 1_000,
    });
    const { calls, load } = counter();
    await off.read('a', load);
    await off.read('a', load);
    const unreachable = createCatalogReadCache({
      version: { current: () => Promise.reject(new Error('down')) },
      currency: async () => 'USD',
      maxEntries: 10,
      maxBytes: 1_000,
    });
    await unreachable.read('a', load);
    await unreachable.read('a', load);
    expect(calls.n).toBe(4);
  });

  it('wraps the named reads of a service, keyed by name and arguments', async () => {
    const { cache } = cacheWith();
    let reads = 0;
    const service = {
      base: 10,
      async detail(id: number) {
        reads += 1;
        return { id, base: this.base };
      },
      async other() {
        reads += 1;
        return { other: true };
      },
    };
    const cached = withCatalogReadCache(service, cache, ['detail']);
    expect(await cached.detail(1)).toEqual({ id: 1, base: 10 });
    await cached.detail(1);
    await cached.detail(2);
    await cached.other();
    await cached.other();
    expect(reads).toBe(4);
  });
});
