import { describe, expect, it } from 'vitest';
import { createCountCache } from './count-cache';

function fakeClock(start = 1_000_000) {
  let ms = start;
  return { now: () => new Date(ms), advance: (by: number) => (ms += by) };
}

describe('count cache', () => {
  it('reuses a total for ttlMs, then counts again', async () => {
    const clock = fakeClock();
    const cache = createCountCache({ clock, ttlMs: 2_000 });
    let counted = 0;
    const count = async () => ++counted;
    expect(await cache.get('a', count)).toBe(1);
    // Served while at most ttlMs old (lru-cache: stale once the age exceeds the ttl).
    clock.advance(2_000);
    expect(await cache.get('a', count)).toBe(1);
    clock.advance(1);
    expect(await cache.get('a', count)).toBe(2);
  });

  it('keeps keys apart, shares one count between concurrent callers, and clears', async () => {
    const cache = createCountCache({ clock: fakeClock(), ttlMs: 2_000 });
    let counted = 0;
    const count = async () => ++counted;
    const [first, second] = await Promise.all([cache.get('a', count), cache.get('a', count)]);
    expect([first, second, counted]).toEqual([1, 1, 1]);
    expect(await cache.get('b', count)).toBe(2);
    cache.clear();
    expect(await cache.get('a', count)).toBe(3);
  });

  it('does not remember a failed count', async () => {
    const cache = createCountCache({ clock: fakeClock(), ttlMs: 2_000 });
    await expect(cache.get('a', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('a', async () => 7)).toBe(7);
  });

  it('holds at most maxEntries keys, dropping the oldest', async () => {
    const cache = createCountCache({ clock: fakeClock(), ttlMs: 2_000, maxEntries: 2 });
    let counted = 0;
    const count = async () => ++counted;
    await cache.get('a', count);
    await cache.get('b', count);
    await cache.get('c', count);
    expect(await cache.get('b', count)).toBe(2);
    expect(await cache.get('a', count)).toBe(4);
  });

  it('with ttlMs 0 counts every time', async () => {
    const cache = createCountCache({ clock: fakeClock(), ttlMs: 0 });
    let counted = 0;
    const count = async () => ++counted;
    await cache.get('a', count);
    expect(await cache.get('a', count)).toBe(2);
  });

  it('runs a lazy thenable load (a drizzle query) once, however often the value is awaited', async () => {
    const cache = createCountCache({ clock: fakeClock(), ttlMs: 2_000 });
    let runs = 0;
    // Like drizzle's QueryPromise: every then() runs the query again.
    const query = {
      // biome-ignore lint/suspicious/noThenProperty: a thenable is what is under test
      then: (resolve: (value: number) => void) => resolve(++runs),
    } as unknown as Promise<number>;
    expect(await cache.get('a', () => query)).toBe(1);
    expect(await cache.get('a', () => query)).toBe(1);
    expect(await cache.getIfLoaded('a', () => query)).toBe(1);
    expect(runs).toBe(1);
  });
});
