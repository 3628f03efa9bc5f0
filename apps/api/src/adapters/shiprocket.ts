import type { ServiceabilityAnswer, ServiceabilityProvider } from '@storefront/routers';
import type { BusinessMetrics } from '@storefront/routers/ports';

/*
 * Shiprocket's serviceability API as a serviceability provider (SERVICEABILITY_PROVIDER=
 * shiprocket; docs/delivery.md), through plain fetch: a token from the e-mail and password,
 * fetched again when Shiprocket answers 401. A slow or failing Shiprocket answers
 * `deliverable: null` ("unknown") within `timeoutMs` instead of holding up checkout; each such
 * answer is logged and counted.
 */

export interface ShiprocketConfig {
  /** The API root before `/v1/external` (SHIPROCKET_BASE_URL). */
  baseUrl: string;
  email: string;
  password: string;
  /** The warehouse's postcode (SHIPROCKET_PICKUP_POSTCODE). */
  pickupPostcode: string;
  /** Default 2000 ms: the whole answer, token refresh included. */
  timeoutMs?: number;
  metrics: Pick<BusinessMetrics, 'serviceability'>;
  warn: (details: Record<string, unknown>, message: string) => void;
}

interface Courier {
  cod?: number | boolean;
  estimated_delivery_days?: string | number;
}

const UNKNOWN: ServiceabilityAnswer = { deliverable: null, cod: false, minDays: 0, maxDays: 0 };

class Unauthorized extends Error {}

/** Shiprocket's couriers → one answer: no courier, not deliverable; COD if any courier does it. */
export function answerOf(couriers: readonly Courier[]): ServiceabilityAnswer {
  if (couriers.length === 0) return { deliverable: false, cod: false, minDays: 0, maxDays: 0 };
  const days = couriers
    .map((courier) => Number(courier.estimated_delivery_days))
    .filter((d) => Number.isInteger(d) && d >= 0);
  return {
    deliverable: true,
    cod: couriers.some((courier) => courier.cod === 1 || courier.cod === true),
    minDays: days.length > 0 ? Math.min(...days) : 0,
    maxDays: days.length > 0 ? Math.max(...days) : 0,
  };
}

export function createShiprocketProvider(config: ShiprocketConfig): ServiceabilityProvider {
  const api = `${config.baseUrl.replace(/\/$/, '')}/v1/external`;
  const timeoutMs = config.timeoutMs ?? 2_000;
  let token: Promise<string> | undefined;

  async function login(signal: AbortSignal): Promise<string> {
    const res = await fetch(`${api}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: config.email, password: config.password }),
      signal,
    });
    if (!res.ok) throw new Error(`Shiprocket login answered ${res.status}`);
    const body = (await res.json()) as { token?: string };
    if (!body.token) throw new Error('Shiprocket login gave no token');
    return body.token;
  }

  /** One token shared by concurrent requests; a failed login is not kept. */
  function currentToken(signal: AbortSignal, fresh = false): Promise<string> {
    if (!token || fresh) {
      const pending = login(signal);
      token = pending;
      pending.catch(() => {
        if (token === pending) token = undefined;
      });
    }
    return token;
  }

  async function couriers(query: URLSearchParams, signal: AbortSignal, fresh = false) {
    const bearer = await currentToken(signal, fresh);
    const res = await fetch(`${api}/courier/serviceability/?${query}`, {
      headers: { authorization: `Bearer ${bearer}` },
      signal,
    });
    if (res.status === 401) throw new Unauthorized();
    // Shiprocket answers 404 when no courier serves the pair.
    if (res.status === 404) return [];
    if (!res.ok) throw new Error(`Shiprocket serviceability answered ${res.status}`);
    const body = (await res.json()) as { data?: { available_courier_companies?: Courier[] } };
    return body.data?.available_courier_companies ?? [];
  }

  return {
    name: 'shiprocket',
    async check(query) {
      const params = new URLSearchParams({
        pickup_postcode: config.pickupPostcode,
        delivery_postcode: query.postcode,
        weight: (query.weightGrams / 1000).toFixed(2),
        cod: query.cod ? '1' : '0',
      });
      const signal = AbortSignal.timeout(timeoutMs);
      try {
        const list = await couriers(params, signal).catch((error: unknown) => {
          // The token expired: one new login, then the same question once more.
          if (error instanceof Unauthorized) return couriers(params, signal, true);
          throw error;
        });
        config.metrics.serviceability('answered');
        return answerOf(list);
      } catch (error) {
        const timedOut = signal.aborted;
        config.metrics.serviceability(timedOut ? 'timeout' : 'failed');
        config.warn(
          { err: error, postcode: query.postcode },
          timedOut ? 'Shiprocket did not answer in time' : 'Shiprocket serviceability failed',
        );
        return UNKNOWN;
      }
    },
  };
}
