import type { AppRouter } from '@storefront/routers/root';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import { httpStatusOf } from './lib/errors';
import { session } from './lib/session';

/** Typed hooks over the API's one procedure tree (the `AppRouter` type, no hand-written calls). */
export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

/** The panel's client; `readToken` is the signed-in session's unless a caller brings its own. */
export function createTrpcClient(readToken: () => string | null = session.token) {
  return createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: '/trpc',
        // The server refuses a batch of more than 20 calls (docs/contract.md): split before that.
        maxItems: 20,
        headers: () => {
          const token = readToken();
          return token ? { Authorization: `Bearer ${token}` } : {};
        },
      }),
    ],
  });
}

/** A 401 anywhere means the session ended (expired, revoked, admin disabled): sign in again. */
function signOutWhenUnauthenticated(error: unknown) {
  if (httpStatusOf(error) === 401 && session.token()) session.signOut();
}

/**
 * After any change every shown list is refetched: one admin action can move figures on several
 * pages (an order's cancellation changes stock, the dashboard and the order list), and the
 * panel's reads are cheap (the same rule as the server's: every admin write is a catalogue change).
 */
export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: signOutWhenUnauthenticated }),
    mutationCache: new MutationCache({
      onError: signOutWhenUnauthenticated,
      onSuccess: () => client.invalidateQueries(),
    }),
    defaultOptions: {
      queries: {
        staleTime: 5_000,
        // A 4xx will not change by asking again.
        retry: (count, error) => (httpStatusOf(error) ?? 500) >= 500 && count < 2,
      },
    },
  });
  return client;
}
