import { isDatabaseUnavailableError, isUniqueViolation } from '@storefront/db/errors';
import { TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { z } from 'zod';

/**
 * The one table of error codes: HTTP status, the tRPC code used over /trpc, and the default
 * message. Nothing else in the code base decides a status (docs/contract.md §2).
 */
export const ERROR_TABLE = {
  BAD_REQUEST: { status: 400, trpc: 'BAD_REQUEST', message: 'The request body is not valid JSON.' },
  UNAUTHENTICATED: { status: 401, trpc: 'UNAUTHORIZED', message: 'Authentication is required.' },
  INVALID_CREDENTIALS: {
    status: 401,
    trpc: 'UNAUTHORIZED',
    message: 'The e-mail or password is incorrect.',
  },
  FORBIDDEN: { status: 403, trpc: 'FORBIDDEN', message: 'You are not allowed to do this.' },
  FEATURE_DISABLED: { status: 403, trpc: 'FORBIDDEN', message: 'This feature is switched off.' },
  NOT_FOUND: { status: 404, trpc: 'NOT_FOUND', message: 'The requested resource was not found.' },
  REVIEW_EXISTS: {
    status: 409,
    trpc: 'CONFLICT',
    message: 'You have already reviewed this product.',
  },
  IDEMPOTENCY_CONFLICT: {
    status: 409,
    trpc: 'CONFLICT',
    message: 'This Idempotency-Key was already used for a different request.',
  },
  PAYLOAD_TOO_LARGE: {
    status: 413,
    trpc: 'PAYLOAD_TOO_LARGE',
    message: 'The request body is too large.',
  },
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    trpc: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Send the request body as application/json.',
  },
  VALIDATION_ERROR: {
    status: 422,
    trpc: 'UNPROCESSABLE_CONTENT',
    message: 'The given data was invalid.',
  },
  OUT_OF_STOCK: { status: 422, trpc: 'UNPROCESSABLE_CONTENT', message: 'Not enough stock.' },
  COUPON_INVALID: {
    status: 422,
    trpc: 'UNPROCESSABLE_CONTENT',
    message: 'This coupon cannot be used.',
  },
  CART_EMPTY: { status: 422, trpc: 'UNPROCESSABLE_CONTENT', message: 'Your cart is empty.' },
  CHECKOUT_INCOMPLETE: {
    status: 422,
    trpc: 'UNPROCESSABLE_CONTENT',
    message: 'Some checkout steps are missing.',
  },
  PAYMENT_FAILED: {
    status: 422,
    trpc: 'UNPROCESSABLE_CONTENT',
    message: 'The payment could not be verified.',
  },
  ORDER_NOT_CANCELLABLE: {
    status: 422,
    trpc: 'UNPROCESSABLE_CONTENT',
    message: 'This order can no longer be cancelled.',
  },
  INVOICE_NOT_AVAILABLE: {
    status: 422,
    trpc: 'UNPROCESSABLE_CONTENT',
    message: 'An invoice is available once the order is paid.',
  },
  INVALID_RESET_TOKEN: {
    status: 422,
    trpc: 'UNPROCESSABLE_CONTENT',
    message: 'This password reset link is invalid or has expired.',
  },
  INVALID_VERIFICATION_TOKEN: {
    status: 422,
    trpc: 'UNPROCESSABLE_CONTENT',
    message: 'This verification link is invalid, already used or has expired.',
  },
  AI_GENERATION_FAILED: {
    status: 422,
    trpc: 'UNPROCESSABLE_CONTENT',
    message: 'The description could not be generated.',
  },
  REQUEST_HEADER_FIELDS_TOO_LARGE: {
    status: 431,
    trpc: 'BAD_REQUEST',
    message: 'The request headers are too large.',
  },
  RATE_LIMITED: {
    status: 429,
    trpc: 'TOO_MANY_REQUESTS',
    message: 'Too many requests. Please try again later.',
  },
  INTERNAL_ERROR: {
    status: 500,
    trpc: 'INTERNAL_SERVER_ERROR',
    message: 'Something went wrong on our side.',
  },
  SERVICE_UNAVAILABLE: {
    status: 503,
    trpc: 'SERVICE_UNAVAILABLE',
    message: 'The service is temporarily unavailable. Please try again shortly.',
  },
} as const satisfies Record<string, { status: number; trpc: TRPC_ERROR_CODE_KEY; message: string }>;

export type ErrorCode = keyof typeof ERROR_TABLE;
export const ERROR_CODES = Object.keys(ERROR_TABLE) as [ErrorCode, ...ErrorCode[]];

/** Field name → messages, keyed by request field (`email`, `items.0.quantity`, `per_page`). */
export type FieldErrors = Record<string, string[]>;

export interface AppErrorOptions {
  fieldErrors?: FieldErrors;
  /** Seconds, sent as `Retry-After` with RATE_LIMITED. */
  retryAfterSeconds?: number;
  cause?: unknown;
}

/**
 * The error every service throws. It is a TRPCError so tRPC keeps it intact and /trpc clients
 * get a meaningful code; the REST layer renders it into the contract's envelope.
 */
export class AppError extends TRPCError {
  readonly errorCode: ErrorCode;
  readonly fieldErrors: FieldErrors | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(errorCode: ErrorCode, message?: string, options: AppErrorOptions = {}) {
    super({
      code: ERROR_TABLE[errorCode].trpc,
      message: message ?? ERROR_TABLE[errorCode].message,
      cause: options.cause,
    });
    this.errorCode = errorCode;
    this.fieldErrors = options.fieldErrors;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/** A 422 naming the offending fields, for rules zod cannot express (unique e-mail, own review). */
export function validationError(fieldErrors: FieldErrors, message?: string): AppError {
  return new AppError('VALIDATION_ERROR', message, { fieldErrors });
}

/**
 * For repositories: runs a write and turns violations of the named unique constraints into the
 * given domain errors, so services never see constraint names.
 */
export async function translateUniqueViolations<T>(
  work: () => Promise<T>,
  errors: Record<string, () => Error>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    for (const [constraint, toError] of Object.entries(errors)) {
      if (isUniqueViolation(error, constraint)) throw toError();
    }
    throw error;
  }
}

/**
 * Runs a write of a table with one unique key besides its id, the request field `field`: a
 * duplicate becomes a 422 on that field, as the contract treats a taken e-mail. Tables with
 * several unique keys name them in their repository (translateUniqueViolations).
 */
export async function uniqueField<T>(
  work: () => Promise<T>,
  field: string,
  message: string,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw validationError({ [field]: [message] });
    throw error;
  }
}

export const ZErrorEnvelope = z
  .object({
    success: z.literal(false),
    message: z.string(),
    error_code: z.enum(ERROR_CODES),
    errors: z.record(z.string(), z.array(z.string())).optional(),
  })
  .meta({ id: 'ErrorEnvelope', description: 'Every failure uses this body.' });
export type ErrorEnvelope = z.infer<typeof ZErrorEnvelope>;

/**
 * A required outside service (mail, file storage) failed. Adapters throw subclasses; the API
 * answers 503 so clients retry, instead of a 500 that reads like a bug.
 */
export class DependencyUnavailableError extends Error {
  override name = 'DependencyUnavailableError';
}

export interface ErrorResponse {
  status: number;
  body: ErrorEnvelope;
  headers: Record<string, string>;
  /** True when the error was not expected (log it with its stack). */
  unexpected: boolean;
}

/** Zod issues → field errors keyed by the dotted request path. */
export function fieldErrorsFromZod(issues: readonly z.core.$ZodIssue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : 'body';
    const list = errors[key] ?? [];
    if (!list.includes(issue.message)) list.push(issue.message);
    errors[key] = list;
  }
  return errors;
}

function zodErrorOf(error: unknown): z.ZodError | undefined {
  if (error instanceof z.ZodError) return error;
  if (error instanceof TRPCError && error.cause instanceof z.ZodError) return error.cause;
  // Errors from another zod copy or the adapter keep the name and issues.
  const cause = (error as { cause?: { name?: string; issues?: unknown } } | undefined)?.cause;
  if (cause?.name === 'ZodError' && Array.isArray(cause.issues)) return cause as z.ZodError;
  return undefined;
}

function findCause<T>(error: unknown, type: new (...args: never[]) => T): T | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth++) {
    if (current instanceof type) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function fromCode(code: ErrorCode, options: AppErrorOptions & { message?: string } = {}) {
  const entry = ERROR_TABLE[code];
  const body: ErrorEnvelope = {
    success: false,
    message: options.message ?? entry.message,
    error_code: code,
    ...(options.fieldErrors ? { errors: options.fieldErrors } : {}),
  };
  const headers: Record<string, string> = {};
  if (options.retryAfterSeconds !== undefined) {
    headers['Retry-After'] = String(Math.max(1, Math.ceil(options.retryAfterSeconds)));
  }
  return { status: entry.status, body, headers };
}

/** tRPC codes raised by tRPC itself or the REST adapter (not by our services). */
const TRPC_CODE_TO_ERROR_CODE: Partial<Record<TRPC_ERROR_CODE_KEY, ErrorCode>> = {
  PARSE_ERROR: 'BAD_REQUEST',
  BAD_REQUEST: 'BAD_REQUEST',
  UNAUTHORIZED: 'UNAUTHENTICATED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  METHOD_NOT_SUPPORTED: 'NOT_FOUND',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  TOO_MANY_REQUESTS: 'RATE_LIMITED',
};

/** The single translation of any thrown value into the contract's status, body and headers. */
export function toErrorResponse(error: unknown): ErrorResponse {
  if (error instanceof AppError) {
    return {
      ...fromCode(error.errorCode, {
        message: error.message,
        ...(error.fieldErrors ? { fieldErrors: error.fieldErrors } : {}),
        ...(error.retryAfterSeconds !== undefined
          ? { retryAfterSeconds: error.retryAfterSeconds }
          : {}),
      }),
      unexpected: false,
    };
  }
  const zodError = zodErrorOf(error);
  if (zodError) {
    return {
      ...fromCode('VALIDATION_ERROR', { fieldErrors: fieldErrorsFromZod(zodError.issues) }),
      unexpected: false,
    };
  }
  if (error instanceof TRPCError && error.cause instanceof AppError) {
    return toErrorResponse(error.cause);
  }
  if (isDatabaseUnavailableError(error) || findCause(error, DependencyUnavailableError)) {
    return { ...fromCode('SERVICE_UNAVAILABLE'), unexpected: false };
  }
  if (error instanceof TRPCError) {
    const mapped = TRPC_CODE_TO_ERROR_CODE[error.code];
    if (mapped) return { ...fromCode(mapped), unexpected: false };
  }
  return { ...fromCode('INTERNAL_ERROR'), unexpected: true };
}
