import { seedStoreSetup } from '@storefront/db/seed/store-setup';
import { createCurrency } from '@storefront/db/testing/factories';
import { createTestApp, type TestApp } from '../harness';
import { startFakeJwks } from './fake-jwks';

export const APPLE_AUD = 'com.example.shop';
export const GOOGLE_AUD = 'shop-android.apps.googleusercontent.com';

/**
 * A shop that signs in with Apple, Google (each a local JWKS stand-in) and SMS codes, with a
 * default currency and its store setup: what the sign-in tests share.
 */
export async function startSignInShop(): Promise<{
  t: TestApp;
  apple: Awaited<ReturnType<typeof startFakeJwks>>;
  google: Awaited<ReturnType<typeof startFakeJwks>>;
  close: () => Promise<void>;
}> {
  const apple = await startFakeJwks();
  const google = await startFakeJwks();
  const t = await createTestApp({
    config: {
      signIn: {
        social: {
          apple: { jwksUrl: apple.jwksUrl, clientIds: [APPLE_AUD] },
          google: { jwksUrl: google.jwksUrl, clientIds: [GOOGLE_AUD] },
          // Refetch at once on an unknown kid (production waits 30 s between fetches).
          jwksCooldownMs: 0,
        },
        otp: { defaultRegion: 'IN', countries: [], shopName: 'Test Shop' },
      },
    },
  });
  await createCurrency(t.db, { code: 'USD', isDefault: true });
  await seedStoreSetup(t.db);
  return {
    t,
    apple,
    google,
    close: async () => {
      await t.close();
      await apple.close();
      await google.close();
    },
  };
}
