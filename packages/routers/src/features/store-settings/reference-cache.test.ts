import { describe, expect, it } from 'vitest';
import type { SettingsRepository } from './feature-flags.repository';
import { createReferenceCache } from './reference-cache';
import type { ReferenceDataRepository } from './reference-data.repository';

function fakeClock(start = 1_000_000) {
  let ms = start;
  return { now: () => new Date(ms), advance: (by: number) => (ms += by) };
}

/** A settings repository counting its reads, with one stored override. */
function countingSettings() {
  const stored = new Map<string, boolean>([['wishlist', true]]);
  const calls = { reads: 0 };
  const repo: SettingsRepository = {
    async featureOverrides() {
      calls.reads += 1;
      return new Map(stored);
    },
    async setFeature(flag, enabled) {
      stored.set(flag, enabled);
    },
    readCatalogVersion: async () => undefined,
    initialiseCatalogVersion: async () => {},
    writeCatalogVersion: async () => {},
  };
  return { repo, calls };
}

describe('reference cache', () => {
  it('reuses feature flags for ttlMs, re-reads after it, and a write through it clears them', async () => {
    const clock = fakeClock();
    const { repo, calls } = countingSettings();
    const settings = createReferenceCache({ clock, ttlMs: 5_000 }).settings(repo);

    expect((await settings.featureOverrides()).get('wishlist')).toBe(true);
    await settings.featureOverrides();
    expect(calls.reads).toBe(1);

    await settings.setFeature('wishlist', false);
    expect((await settings.featureOverrides()).get('wishlist')).toBe(false);
    expect(calls.reads).toBe(2);

    clock.advance(5_001);
    await settings.featureOverrides();
    expect(calls.reads).toBe(3);
  });

  it('keys shipping methods by code and leaves the cart contents uncached', async () => {
    const reads: string[] = [];
    const repo = {
      async shippingMethod(code: string) {
        reads.push(`shipping:${code}`);
        return { code, rateCents: code === 'express' ? 2000 : 1000 };
      },
      async currencies() {
        reads.push('currencies');
        return [];
      },
    } as unknown as ReferenceDataRepository;
    const reference = createReferenceCache({ clock: fakeClock(), ttlMs: 5_000 }).referenceData(
      repo,
      false,
    );

    expect((await reference.shippingMethod('express'))?.rateCents).toBe(2000);
    expect((await reference.shippingMethod('flatrate'))?.rateCents).toBe(1000);
    expect((await reference.shippingMethod('express'))?.rateCents).toBe(2000);
    await reference.currencies();
    await reference.currencies();
    expect(reads).toEqual(['shipping:express', 'shipping:flatrate', 'currencies', 'currencies']);
  });

  it('with ttlMs 0 reads every time', async () => {
    const { repo, calls } = countingSettings();
    const settings = createReferenceCache({ clock: fakeClock(), ttlMs: 0 }).settings(repo);
    await settings.featureOverrides();
    await settings.featureOverrides();
    expect(calls.reads).toBe(2);
  });
});

describe('reference cache inside a transaction', () => {
  it('never waits for a load in flight: reads through its own repository until one has loaded', async () => {
    let release: () => void = () => {};
    const outer = {
      defaultCurrency: () =>
        new Promise<string>((resolve) => {
          release = () => resolve('USD');
        }),
    } as unknown as ReferenceDataRepository;
    const inner = { defaultCurrency: async () => 'EUR' } as unknown as ReferenceDataRepository;
    const reference = createReferenceCache({ clock: fakeClock(), ttlMs: 5_000 });

    const pending = reference.referenceData(outer, false).defaultCurrency();
    expect(await reference.referenceData(inner, true).defaultCurrency()).toBe('EUR');
    release();
    expect(await pending).toBe('USD');
    expect(await reference.referenceData(inner, true).defaultCurrency()).toBe('USD');
  });
});
