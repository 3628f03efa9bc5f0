import { hash, verify } from '@node-rs/argon2';
import pLimit from 'p-limit';
import type { RateLimiter } from '../../ports';
import { consumeOrRefuse } from '../../rate-limit';
import { emailKey } from '../../tokens';

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
}

export interface Argon2Options {
  /** KiB; OWASP's argon2id baseline is 19456. Tests pass a smaller value. */
  memoryCost?: number;
  timeCost?: number;
  /** Hashes computed at once (default 2). */
  maxConcurrent?: number;
}

/**
 * argon2id (the library default algorithm) with OWASP parameters unless told otherwise. Each hash
 * holds `memoryCost` (19 MiB) while it runs and libuv ran four at once: a burst of registrations
 * or logins raised the process's peak RSS by ~50–80 MB (pnpm bench). At most `maxConcurrent` run
 * at once; on a 2-core machine more would not finish sooner anyway.
 */
export function createArgon2Hasher(options: Argon2Options = {}): PasswordHasher {
  const params = {
    memoryCost: options.memoryCost ?? 19456,
    timeCost: options.timeCost ?? 2,
    parallelism: 1,
  };
  const limit = pLimit(options.maxConcurrent ?? 2);
  return {
    hash: (password) => limit(() => hash(password, params)),
    async verify(passwordHash, password) {
      try {
        return await limit(() => verify(passwordHash, password));
      } catch {
        // A malformed stored hash must read as "wrong password", never as a 500.
        return false;
      }
    },
  };
}

/**
 * Wrong passwords per account, wherever one is typed: login, a password change, an account
 * deletion. One budget per address (its digest; 5 in 15 minutes, docs/contract.md §5),
 * counted before the password is checked: a stolen session cannot try passwords faster than a
 * stranger at the login form. Past it → 429 with Retry-After; a right password resets it.
 */
export function createPasswordAttempts(failures: RateLimiter) {
  return {
    count: (email: string): Promise<void> => consumeOrRefuse(failures, emailKey(email)),
    async succeeded(email: string): Promise<void> {
      await failures.reset(emailKey(email));
    },
  };
}

export type PasswordAttempts = ReturnType<typeof createPasswordAttempts>;
