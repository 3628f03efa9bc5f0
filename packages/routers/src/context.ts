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
}

export function createResponseControl(): ResponseControl {
  return { status: undefined, headers: {} };
}
