/**
 * Where the bearer token lives. Methods may be synchronous or async, so Expo SecureStore,
 * AsyncStorage or the Keychain fit without a wrapper class (README).
 */
export interface TokenStore {
  get(): string | null | undefined | Promise<string | null | undefined>;
  set(token: string): void | Promise<void>;
  clear(): void | Promise<void>;
}

/** The default: the token lives as long as the JavaScript context (an app restart signs out). */
export function memoryTokenStore(initial: string | null = null): TokenStore {
  let token = initial;
  return {
    get: () => token,
    set: (value) => {
      token = value;
    },
    clear: () => {
      token = null;
    },
  };
}
