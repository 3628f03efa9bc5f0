import { AppError } from './errors';
import type { RateLimiter } from './ports';

/**
 * Counts one hit for `key`; past the limit → 429 RATE_LIMITED with Retry-After (docs/contract.md
 * §5). Every limited operation goes through it, each with its own message.
 */
export async function consumeOrRefuse(
  limiter: RateLimiter,
  key: string,
  message = 'Too many attempts. Please try again later.',
): Promise<void> {
  const result = await limiter.consume(key);
  if (!result.allowed) {
    throw new AppError('RATE_LIMITED', message, { retryAfterSeconds: result.retryAfterSeconds });
  }
}
