import { describe, expect, it } from 'vitest';
import { type CatalogVersionStore, createCatalogVersion } from './catalog-version';

function memoryStore(initial?: string) {
  const state = { token: initial, reads: 0, failWrites: false };
  const store: CatalogVersionStore = {
    async read() {
      state.reads += 1;
      return state.token;
    },
    async initialise(token) {
      state.token ??= token;
    },
    async write(token) {
      if (state.failWrites) throw new Error('database unreachable');
      state.token = token;
    },
  };
  return { state, store };
}

const clock = { at: 0, now: () => new Date(clock.at) };

describe('catalog version', () => {
  it('stores a token on a new database and reuses its copy for ttlMs', async () => {
    const { state, store } = memoryStore();
    const version = createCatalogVersion({ store, clock, ttlMs: 1_000 });
    const first = await version.current();
    expect(state.token).toBeDefined();
    expect(first.startsWith(`${state.token}.`)).toBe(true);
    expect(await version.current()).toBe(first);
    expect(state.reads).toBe(2); // read, initialise, read again; then cached
    state.token = 'changed-elsewhere';
    expect(await version.current()).toBe(first);
    clock.at += 1_000;
    expect(await version.current()).toMatch(/^changed-elsewhere\./);
  });

  it('changed() moves the token here at once and for every instance through the store', async () => {
    const { state, store } = memoryStore('t0');
    const here = createCatalogVersion({ store, clock, ttlMs: 60_000 });
    const there = createCatalogVersion({ store, clock, ttlMs: 0 });
    const before = await here.current();
    let cleared = 0;
    const withCounts = createCatalogVersion({
      store,
      clock,
      ttlMs: 60_000,
      caches: [{ clear: () => (cleared += 1) }],
    });
    await withCounts.changed();
    expect(cleared).toBe(1);
    expect(state.token).not.toBe('t0');
    expect(await there.current()).toBe(await withCounts.current());
    await here.changed();
    expect(await here.current()).not.toBe(before);
    // withCounts reads back `here`'s token: another instance's change clears its caches too.
    clock.at += 60_000;
    await withCounts.current();
    expect(cleared).toBe(2);
  });

  it('a failed write is reported, never thrown, and the store is read again next time', async () => {
    const { state, store } = memoryStore('t0');
    const errors: unknown[] = [];
    const version = createCatalogVersion({
      store,
      clock,
      ttlMs: 60_000,
      reportError: (e) => errors.push(e),
    });
    await version.current();
    state.failWrites = true;
    await expect(version.changed()).resolves.toBeUndefined();
    expect(errors).toHaveLength(1);
    const reads = state.reads;
    expect(await version.current()).toMatch(/^t0\./);
    expect(state.reads).toBe(reads + 1);
  });

  it('changes made while a write is in flight share one queued write of the newest token', async () => {
    const written: string[] = [];
    let release: (() => void) | undefined;
    const store: CatalogVersionStore = {
      read: async () => 't0',
      initialise: async () => {},
      write: (token) =>
        new Promise((resolve) => {
          release = () => {
            written.push(token);
            resolve();
          };
        }),
    };
    const version = createCatalogVersion({ store, clock, ttlMs: 60_000 });
    const settled: number[] = [];
    const first = version.changed().then(() => settled.push(1));
    await Promise.resolve();
    // Ten more changes while the first write waits: none of them is done when it is.
    const rest = Array.from({ length: 10 }, (_, i) =>
      version.changed().then(() => settled.push(i + 2)),
    );
    release?.();
    await first;
    expect(settled).toEqual([1]);
    await new Promise((resolve) => setImmediate(resolve));
    release?.();
    await Promise.all(rest);
    expect(written).toHaveLength(2);
    expect(settled).toHaveLength(11);
    // The queued write stored the newest token, the one this instance answers with.
    expect(await version.current()).toMatch(new RegExp(`^${written[1]}\\.`));
  });

  it('a change of products alone keeps reference data cached; any other change clears it', async () => {
    const { store } = memoryStore('t0');
    const cleared = { catalogue: 0, reference: 0 };
    const version = createCatalogVersion({
      store,
      clock,
      ttlMs: 60_000,
      caches: [{ clear: () => (cleared.catalogue += 1) }],
      referenceCaches: [{ clear: () => (cleared.reference += 1) }],
    });
    await version.changed('products');
    expect(cleared).toEqual({ catalogue: 1, reference: 0 });
    await version.changed();
    expect(cleared).toEqual({ catalogue: 2, reference: 1 });
  });
});
