import { createTestApp, type TestApp } from '@storefront/api/test/harness';
import { afterAll, beforeAll, expect } from 'vitest';
import { StorefrontError } from '../src/errors';

/** Resolves to the StorefrontError the call rejects with (fails the test if it resolves). */
export async function failure(call: Promise<unknown>): Promise<StorefrontError> {
  const error = await call.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(StorefrontError);
  return error as StorefrontError;
}

/** A real app on its own database, listening on 127.0.0.1 for the file's tests. */
export function useTestServer() {
  const state = {} as { t: TestApp; baseUrl: string };
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    state.t = await createTestApp();
    const server = await state.t.listen();
    state.baseUrl = server.baseUrl;
    close = server.close;
  });
  afterAll(async () => {
    await close?.();
    await state.t?.close();
  });
  return state;
}
