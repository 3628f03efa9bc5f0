import type { IdempotencyClaim } from './features/checkout/idempotency';
import type { Services } from './services';

/** What a procedure knows about the HTTP request, whichever adapter (REST or /trpc) carried it. */
export interface RequestInfo {
  id: string;
  ip: string;
  userAgent: string | undefined;
  /** Raw `Authorization` header. */
  authorization: string | undefined;
  /** Raw `Idempotency-Key` header. */
  idempotencyKey: string | undefined;
  /**
   * REST only: HTTP caching of the public catalogue reads (procedures with `cacheable` meta),
   * which /trpc clients do not use.
   */
  conditional?: {
    /** Raw `If-None-Match` header. */
    ifNoneMatch: string | undefined;
    /** The `Cache-Control` a cacheable 200 or 304 carries. */
    cacheControl: string;
  };
}

/** Lets a procedure choose its success status (201) and extra headers; read by `responseMeta`. */
export interface ResponseControl {
  status: number | undefined;
  headers: Record<string, string>;
}

export interface Context {
  services: Services;
  request: RequestInfo;
  response: ResponseControl;
  /** Set by the idempotency middleware for procedures with meta `idempotent` (trpc.ts). */
  idempotency?: IdempotencyClaim;
}

export function createResponseControl(): ResponseControl {
  return { status: undefined, headers: {} };
}
