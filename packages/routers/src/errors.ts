import { TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { z } from 'zod';

/**
 * The one table of error codes: HTTP status, the tRPC code used over /trpc, and the default
 * message. Nothing else in the code base decides a status (docs/contract.md §2).
 */
export const ERROR_TABLE = {
  BAD_REQUEST: { status: 400, trpc: 'BAD_REQUEST', message: 'The request body is not valid JSON.' },
  UNKNOWN_PERMISSION: {
    status: 400,
    trpc: 'BAD_REQUEST',
    message: 'That permission does not exist.',
  },
  INVALID_TOKEN: {
    status: 400,
    trpc: 'BAD_REQUEST',
    message: 'This invitation link is invalid, already used or has expired.',
  },
  UNAUTHENTICATED: { status: 401, trpc: 'UNAUTHORIZED', message: 'Authentication is required.' },
  INVALID_CREDENTIALS: {
    status: 401,
    trpc: 'UNAUTHORIZED',
    message: 'The e-mail or password is incorrect.',
  },
  FORBIDDEN: { status: 403, trpc: 'FORBIDDEN', message: 'You are not allowed to do this.' },
  FEATURE_DISABLED: { status: 403, trpc: 'FORBIDDEN', message: 'This feature is switched off.' },
  ACCOUNT_REQUIRED: {
    status: 403,
    trpc: 'FORBIDDEN',
    message: 'Sign in or create an account to do this.',
  },
  NOT_FOUND: { status: 404, trpc: 'NOT_FOUND', message: 'The requested resource was not found.' },
  GIFT_CARD_NOT_FOUND: {
    status: 404,
    trpc: 'NOT_FOUND',
    message: 'No active gift card has this code.',
  },
  REVIEW_EXISTS: {
    status: 409,
    trpc: 'CONFLICT',
    message: 'You have already reviewed this product.',
  },
  TAX_CATEGORY_EXISTS: {
    status: 409,
    trpc: 'CONFLICT',
    message: 'A tax category with this code already exists.',
  },
  TAX_CATEGORY_IN_USE: {
    status: 409,
    trpc: 'CONFLICT',
    message: 'This tax category is used by products or tax rules.',
  },
  TAX_RULE_EXISTS: {
    status: 409,
    trpc: 'CONFLICT',
    message: 'A tax rule for this country, region and category already exists.',
  },
  ROLE_IN_USE: {
    status: 409,
    trpc: 'CONFLICT',
    message: 'Staff members still have this role: give them another one first.',
  },
  REFUND_ALREADY_DECIDED: {
    status: 409,
    trpc: 'CONFLICT',
    message: 'This refund was already approved or declined.',
  },
  IDEMPOTENCY_CONFLICT: {
    status: 409,
    trpc: 'CONFLICT',
    message: 'This Idempotency-Key was already used for a different request.',
  },
  SYNC_CURSOR_EXPIRED: {
    status: 410,
    trpc: 'PRECONDITION_FAILED',
    message: 'This sync cursor has expired; start a full sync again.',
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
  GIFT_CARD_EXPIRED: {
    status: 422,
    trpc: 'UNPROCESSABLE_CONTENT',
    message: 'This gift card has expired.',
  },
  GIFT_CARD_BALANCE_CHANGED: {
    status: 422,
    trpc: 'UNPROCESSABLE_CONTENT',
    message: 'A gift card balance changed; review your cart and try again.',
  },
  LOYALTY_BALANCE_CHANGED: {
    status: 422,
    trpc: 'UNPROCESSABLE_CONTENT',
    message: 'Your loyalty points balance changed; review your cart and try again.',
  },
  CART_EMPTY: { status: 422, trpc: 'UNPROCESSABLE_CONTENT', message: 'Your cart is empty.' },
  COD_NOT_AVAILABLE: {
    status: 422,
    trpc: 'UNPROCESSABLE_CONTENT',
    message: 'Cash on delivery is not available for this order.',
  },
  ADDRESS_NOT_SERVICEABLE: {
    status: 422,
    trpc: 'UNPROCESSABLE_CONTENT',
    message: 'We do not deliver to this postcode.',
  },
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
  PAYMENT_LINK_NOT_AVAILABLE: {
    status: 422,
    trpc: 'UNPROCESSABLE_CONTENT',
    message: 'This order cannot be paid online: only a pending cash-on-delivery order can.',
  },
  ORDER_NOT_CANCELLABLE: {
    status: 422,
    trpc: 'UNPROCESSABLE_CONTENT',
    message: 'This order can no longer be cancelled.',
  },
  RETURN_NOT_ALLOWED: {
    status: 422,
    trpc: 'UNPROCESSABLE_CONTENT',
    message: 'This order cannot be returned.',
  },
  REFUND_EXCEEDS_PAID: {
    status: 422,
    trpc: 'UNPROCESSABLE_CONTENT',
    message: 'That is more than the order still has to refund.',
  },
  ACCOUNT_HAS_OPEN_ORDERS: {
    status: 422,
    trpc: 'UNPROCESSABLE_CONTENT',
    message:
      'The account has orders still open: it can be deleted once they are delivered or cancelled.',
  },
  INVOICE_NOT_AVAILABLE: {
    status: 422,
    trpc: 'UNPROCESSABLE_CONTENT',
    message: 'An invoice is available once the order is paid or shipped.',
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
  INVALID_SOCIAL_TOKEN: {
    status: 401,
    trpc: 'UNAUTHORIZED',
    message: 'The Apple or Google sign-in could not be verified.',
  },
  INVALID_OTP: {
    status: 422,
    trpc: 'UNPROCESSABLE_CONTENT',
    message: 'The code is wrong, used or expired.',
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
  /** With FORBIDDEN from an admin procedure: the permission the caller's role lacks. */
  missingPermission?: string;
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
  readonly missingPermission: string | undefined;

  constructor(errorCode: ErrorCode, message?: string, options: AppErrorOptions = {}) {
    super({
      code: ERROR_TABLE[errorCode].trpc,
      message: message ?? ERROR_TABLE[errorCode].message,
      cause: options.cause,
    });
    this.errorCode = errorCode;
    this.fieldErrors = options.fieldErrors;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.missingPermission = options.missingPermission;
  }
}

/** A 422 naming the offending fields, for rules zod cannot express (unique e-mail, own review). */
export function validationError(fieldErrors: FieldErrors, message?: string): AppError {
  return new AppError('VALIDATION_ERROR', message, { fieldErrors });
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
