/**
 * `@storefront/client-sdk/admin`: a typed tRPC client over `/trpc` for internal tools (the
 * back office procedures under `admin.*` exist only there). Needs `@trpc/client` and
 * `@trpc/server` (types) installed next to it.
 */
import { createTRPCClient, httpLink, type TRPCClient } from '@trpc/client';
import type { AppRouter } from './admin-router.generated';
import type { TokenStore } from './tokens';
import { type FetchLike, serverRoot } from './transport';

export type { AppRouter, ErrorShape } from './admin-router.generated';
export type { Procedures } from './procedures.generated';

export interface AdminClientOptions {
  /** The server's origin, e.g. `https://shop.example.com` (`/trpc` is added). */
  baseUrl: string;
  /** An admin's bearer token, or a store/function to read it from on every call. */
  token?:
    | string
    | TokenStore
    | (() => string | null | undefined | Promise<string | null | undefined>);
  fetch?: FetchLike;
  headers?: Record<string, string>;
}

export type AdminClient = TRPCClient<AppRouter>;

export function createAdminClient(options: AdminClientOptions): AdminClient {
  const { token } = options;
  const readToken = async () =>
    typeof token === 'function' ? token() : typeof token === 'object' ? token.get() : token;
  return createTRPCClient<AppRouter>({
    links: [
      httpLink({
        url: `${serverRoot(options.baseUrl)}/trpc`,
        ...(options.fetch ? { fetch: options.fetch as never } : {}),
        headers: async () => {
          const value = await readToken();
          return { ...options.headers, ...(value ? { Authorization: `Bearer ${value}` } : {}) };
        },
      }),
    ],
  });
}
