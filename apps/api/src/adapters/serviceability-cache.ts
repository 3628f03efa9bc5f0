import type { ServiceabilityAnswer, ServiceabilityCache } from '@storefront/routers';
import type { Redis } from 'ioredis';

/**
 * Serviceability answers in Redis, shared by every instance, for SERVICEABILITY_CACHE_TTL
 * (docs/delivery.md). `clear` (a change of rules or settings) deletes the prefix's keys: rare,
 * an admin's action, so a SCAN is fine where every read stays one GET.
 */
export function redisServiceabilityCache(options: {
  redis: Redis;
  ttlSeconds: number;
  prefix?: string;
}): ServiceabilityCache {
  const prefix = options.prefix ?? 'serviceability:';
  return {
    async get(key) {
      const raw = await options.redis.get(prefix + key);
      return raw === null ? undefined : (JSON.parse(raw) as ServiceabilityAnswer);
    },
    async set(key, answer) {
      await options.redis.set(prefix + key, JSON.stringify(answer), 'EX', options.ttlSeconds);
    },
    async clear() {
      let cursor = '0';
      do {
        const [next, keys] = await options.redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
        if (keys.length > 0) await options.redis.del(...keys);
        cursor = next;
      } while (cursor !== '0');
    },
  };
}
