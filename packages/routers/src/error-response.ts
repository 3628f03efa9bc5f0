import { isDatabaseUnavailableError } from '@storefront/db/errors';
import { TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { z } from 'zod';
import {
  AppError,
  type AppErrorOptions,
  DependencyUnavailableError,
  ERROR_TABLE,
  type ErrorCode,
  type ErrorEnvelope,
  type FieldErrors,
} from './errors';

/*
 * The error vocabulary (errors.ts) rendered for HTTP: any thrown value becomes the contract's
 * status, envelope and headers, here and nowhere else (REST, /trpc's formatter, plain routes).
 */

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
