/**
 * Recognises "the database cannot be reached" across both drivers, so the API can answer 503
 * instead of 500. Query errors (constraint violations, bad SQL) are not matched.
 */
const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'EPIPE',
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  '57014', // query_canceled: statement_timeout, the server-side half of the same bound
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '08000', // connection_exception
  '08001',
  '08003',
  '08006',
]);

export function isDatabaseUnavailableError(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth++) {
    if (typeof current === 'object' && current !== null) {
      const code = (current as { code?: unknown }).code;
      if (typeof code === 'string' && CONNECTION_ERROR_CODES.has(code)) return true;
      if ((current as Error).message === 'PGlite is closed') return true;
      current = (current as { cause?: unknown }).cause;
    } else {
      break;
    }
  }
  return false;
}

/** The constraint violation `sqlState` (of `constraint`, when given) anywhere in the cause chain. */
function isViolation(error: unknown, sqlState: string, constraint?: string): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth++) {
    const candidate = current as {
      code?: unknown;
      constraint_name?: unknown;
      constraint?: unknown;
    };
    if (candidate.code === sqlState) {
      if (!constraint) return true;
      return candidate.constraint_name === constraint || candidate.constraint === constraint;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** PostgreSQL unique_violation, so repositories can turn races on unique keys into domain errors. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  return isViolation(error, '23505', constraint);
}

/** PostgreSQL foreign_key_violation: a row still referenced (restrict) or a reference to none. */
export function isForeignKeyViolation(error: unknown, constraint?: string): boolean {
  return isViolation(error, '23503', constraint);
}
