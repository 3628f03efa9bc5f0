/* What a failed start-up throws, and how a database URL is logged (env.ts re-exports them). */

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Start-up failed for a reason the operator can fix (database unreachable, port taken): main
 * prints the message alone, one line, no stack trace.
 */
export class StartupError extends Error {
  override name = 'StartupError';
}

/** A database URL fit for a log line: the password is never shown. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparsable URL)';
  }
}
