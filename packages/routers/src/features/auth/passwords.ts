import { hash, verify } from '@node-rs/argon2';

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
}

export interface Argon2Options {
  /** KiB; OWASP's argon2id baseline is 19456. Tests pass a smaller value. */
  memoryCost?: number;
  timeCost?: number;
}

/** argon2id (the library default algorithm) with OWASP parameters unless told otherwise. */
export function createArgon2Hasher(options: Argon2Options = {}): PasswordHasher {
  const params = {
    memoryCost: options.memoryCost ?? 19456,
    timeCost: options.timeCost ?? 2,
    parallelism: 1,
  };
  return {
    hash: (password) => hash(password, params),
    async verify(passwordHash, password) {
      try {
        return await verify(passwordHash, password);
      } catch {
        // A malformed stored hash must read as "wrong password", never as a 500.
        return false;
      }
    },
  };
}
