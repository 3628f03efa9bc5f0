import { LRUCache } from 'lru-cache';
import type { Clock } from '../../ports';
import type { DeliveryTerms } from './delivery-rules.service';

/*
 * Where serviceability answers come from (SERVICEABILITY_PROVIDER, docs/delivery.md): the shop's
 * own rules (`table`, the default) or a courier aggregator. Answers are cached per (postcode,
 * cod, weight band) for SERVICEABILITY_CACHE_TTL.
 */

export interface ServiceabilityQuery {
  postcode: string;
  /** Whether the parcel would be paid on delivery. */
  cod: boolean;
  weightGrams: number;
}

export interface ServiceabilityAnswer {
  /** null: the provider could not say in time ("unknown"); checkout goes on. */
  deliverable: boolean | null;
  cod: boolean;
  minDays: number;
  maxDays: number;
}

export interface ServiceabilityProvider {
  name: string;
  check(query: ServiceabilityQuery): Promise<ServiceabilityAnswer>;
}

/** The shop's own rules (admin.delivery.importRules): always answers. */
export function tableProvider(lookup: (postcode: string) => Promise<DeliveryTerms>) {
  return {
    name: 'table',
    async check(query: ServiceabilityQuery): Promise<ServiceabilityAnswer> {
      const { deliverable, cod, minDays, maxDays } = await lookup(query.postcode);
      return { deliverable, cod, minDays, maxDays };
    },
  } satisfies ServiceabilityProvider;
}

/** Half-kilogram bands: parcels of one band are priced and routed alike. */
export const weightBand = (grams: number) => Math.max(1, Math.ceil(grams / 500));

/**
 * Where answers are kept: this process's memory, or Redis shared by every instance (apps/api's
 * adapter, with REDIS_URL). Values are the answers as JSON-safe records.
 */
export interface ServiceabilityCache {
  get(key: string): Promise<ServiceabilityAnswer | undefined>;
  set(key: string, answer: ServiceabilityAnswer): Promise<void>;
  /** Forgets the table provider's answers after a change of rules or settings. */
  clear(): Promise<void>;
}

export function memoryServiceabilityCache(options: {
  clock: Clock;
  ttlMs: number;
  maxEntries?: number;
}): ServiceabilityCache {
  const entries = new LRUCache<string, ServiceabilityAnswer>({
    max: options.maxEntries ?? 50_000,
    ttl: Math.max(1, options.ttlMs),
    ttlResolution: 0,
    perf: { now: () => options.clock.now().getTime() },
  });
  return {
    get: async (key) => entries.get(key),
    set: async (key, answer) => void entries.set(key, answer),
    clear: async () => entries.clear(),
  };
}

/** The provider behind the cache. An unknown answer is not kept: the next request asks again. */
export function cachedProvider(
  provider: ServiceabilityProvider,
  cache: ServiceabilityCache,
): ServiceabilityProvider {
  return {
    name: provider.name,
    async check(query) {
      const key = `${provider.name}|${query.postcode}|${query.cod}|${weightBand(query.weightGrams)}`;
      const hit = await cache.get(key);
      if (hit) return hit;
      const answer = await provider.check(query);
      if (answer.deliverable !== null) await cache.set(key, answer);
      return answer;
    },
  };
}
