import { TRPCClientError } from '@trpc/client';

interface ServerErrorData {
  httpStatus?: number;
  error_code?: string;
  errors?: Record<string, string[]>;
  /** A 403's: the permission the caller's role lacks (docs/admin-panel.md "Roles"). */
  missing_permission?: string;
}

function errorData(error: unknown): ServerErrorData | undefined {
  return error instanceof TRPCClientError ? (error.data as ServerErrorData | undefined) : undefined;
}

/** The server's own message (the envelope's), or a plain one when the server was not reached. */
export function errorMessage(error: unknown): string {
  if (error instanceof TRPCClientError) {
    if (!error.data) return 'The server could not be reached. Check the connection and try again.';
    return error.message;
  }
  return error instanceof Error ? error.message : 'Something went wrong.';
}

/** Field → messages of a 422 VALIDATION_ERROR, for showing next to each input. */
export function fieldErrors(error: unknown): Record<string, string> {
  const errors = errorData(error)?.errors ?? {};
  return Object.fromEntries(
    Object.entries(errors).map(([field, messages]) => [field, messages.join(' ')]),
  );
}

export function httpStatusOf(error: unknown): number | undefined {
  return errorData(error)?.httpStatus;
}

/** The permission a 403 FORBIDDEN names as missing from the caller's role, or undefined. */
export function missingPermissionOf(error: unknown): string | undefined {
  const data = errorData(error);
  return data?.httpStatus === 403 ? data.missing_permission : undefined;
}
