import { SERVER_ERROR_CODES } from './routes.generated';

/** An error code the server sends (docs/contract.md §2). */
export type ServerErrorCode = (typeof SERVER_ERROR_CODES)[number];

/**
 * Every code a StorefrontError can carry: the server's codes, plus
 * - `NETWORK_ERROR` (status 0): no HTTP answer at all (offline, DNS, connection reset, a response
 *   cut off), after the retries the operation allows;
 * - `UNEXPECTED_RESPONSE`: an answer that is not the contract's JSON (a proxy's HTML error page).
 *   A non-JSON 502/503/504 from a proxy is reported as `SERVICE_UNAVAILABLE`.
 */
export type StorefrontErrorCode = ServerErrorCode | 'NETWORK_ERROR' | 'UNEXPECTED_RESPONSE';

export const ERROR_CODES: readonly StorefrontErrorCode[] = [
  ...SERVER_ERROR_CODES,
  'NETWORK_ERROR',
  'UNEXPECTED_RESPONSE',
];

/** Field name → messages, keyed as in the request (`email`, `items.0.quantity`, `avatar`). */
export type FieldErrors = Record<string, string[]>;

export interface StorefrontErrorInit {
  status: number;
  code: StorefrontErrorCode;
  message: string;
  fieldErrors?: FieldErrors;
  retryAfter?: number;
  requestId?: string;
  operation?: string;
  cause?: unknown;
}

/** The one error every SDK method throws (aborts excepted: those reject with the signal's reason). */
export class StorefrontError extends Error {
  override readonly name = 'StorefrontError';
  /** HTTP status; 0 when no answer arrived (`NETWORK_ERROR`). */
  readonly status: number;
  readonly code: StorefrontErrorCode;
  /** Validation messages per request field; empty when the server named no field. */
  readonly fieldErrors: FieldErrors;
  /** Seconds to wait before trying again (from `Retry-After`, on 429 and 503). */
  readonly retryAfter: number | undefined;
  /** The server's `X-Request-Id`, for support. */
  readonly requestId: string | undefined;
  /** `METHOD /path` of the failed call. */
  readonly operation: string | undefined;

  constructor(init: StorefrontErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.fieldErrors = init.fieldErrors ?? {};
    this.retryAfter = init.retryAfter;
    this.requestId = init.requestId;
    this.operation = init.operation;
  }
}

/**
 * True for a StorefrontError, also one created by another copy of the SDK (an app that bundles
 * both the ESM and the CJS build gets two classes, and `instanceof` fails across them).
 */
export function isStorefrontError(error: unknown): error is StorefrontError {
  return (
    error instanceof StorefrontError ||
    (error instanceof Error &&
      error.name === 'StorefrontError' &&
      typeof (error as { code?: unknown }).code === 'string' &&
      typeof (error as { status?: unknown }).status === 'number')
  );
}
