import type { StorefrontError } from './errors';
import type { AvatarOutput, Procedures } from './procedures.generated';
import { memoryRevalidationCache, type RevalidationCache } from './revalidation-cache';
import { NAMESPACES, type Namespace, ROUTES } from './routes.generated';
import { memoryTokenStore, type TokenStore } from './tokens';
import {
  createTransport,
  type FetchLike,
  type Operation,
  type RequestOptions,
  type RetryOptions,
} from './transport';

type Routes = typeof ROUTES;
/** Procedure path of a REST operation, e.g. `'auth.login'`. */
export type RouteKey = keyof Routes;

/** Pagination block of list answers (docs/contract.md §3). */
export interface PageMeta {
  current_page: number;
  per_page: number;
  total: number;
  last_page: number;
}

/** What a method returns for a response body: `data`, `{ data, meta }` for lists, or the body. */
export type Unwrap<Body> = Body extends { success: true; data: infer D; meta: infer M }
  ? { data: D; meta: M }
  : Body extends { success: true; data: infer D }
    ? D
    : Body extends { success: true }
      ? // biome-ignore lint/suspicious/noConfusingVoidType: it is a method's Promise<void>
        void
      : Body;

/** What you pass to an operation, e.g. `OperationInput<'auth.login'>`. */
export type OperationInput<K extends keyof Procedures> = Procedures[K]['input'];
/** What an operation's method resolves to, e.g. `OperationResult<'auth.me'>` (the user). */
export type OperationResult<K extends keyof Procedures> = Unwrap<Procedures[K]['output']>;

// biome-ignore lint/suspicious/noConfusingVoidType: tRPC infers `void` for a procedure without input
type Method<K extends RouteKey> = [OperationInput<K>] extends [void | undefined]
  ? (options?: RequestOptions) => Promise<OperationResult<K>>
  : // biome-ignore lint/complexity/noBannedTypes: "every field optional" is exactly `{} extends T`
    {} extends OperationInput<K>
    ? (input?: OperationInput<K>, options?: RequestOptions) => Promise<OperationResult<K>>
    : (input: OperationInput<K>, options?: RequestOptions) => Promise<OperationResult<K>>;

type KeysIn<N extends Namespace> = {
  [K in RouteKey]: Routes[K]['namespace'] extends N ? K : never;
}[RouteKey];

/** The generated methods of one namespace. */
export type NamespaceMethods<N extends Namespace> = {
  [K in KeysIn<N> as Routes[K]['name']]: Method<K>;
};

/**
 * A React Native file (`{ uri, name, type }`, as from expo-image-picker or
 * react-native-document-picker) or a Blob/File (browsers, Node 20+).
 */
export type UploadFile = { uri: string; name: string; type: string } | Blob;

type RegisteredDevice = Unwrap<OperationResult<'notifications.registerDevice'>>;

/** What `registerForPush` sends besides the token. */
export interface PushDevice {
  /** `Platform.OS` in React Native. */
  platform: 'ios' | 'android';
  app_version?: string;
  locale?: string;
}

/** A registration is re-sent once it is older than this (the server keeps `last_seen_at`). */
const PUSH_REFRESH_MS = 24 * 60 * 60 * 1000;

/** The operations that are not JSON procedures, and helpers, written by hand. */
interface HandWritten {
  auth: {
    /** POST /auth/avatar (multipart field `avatar`; JPEG, PNG, WebP or GIF, 2 MB at most). */
    uploadAvatar(file: UploadFile, options?: RequestOptions): Promise<Unwrap<AvatarOutput>>;
    /**
     * DELETE /auth/account `{password}`: deletes the account (422 errors.password when wrong,
     * 422 ACCOUNT_HAS_OPEN_ORDERS while orders are open); the stored token is cleared. An account
     * without a password sends `{code}` (after POST /auth/otp/request to its phone) or a fresh
     * `{id_token, provider}` of its linked Apple or Google account instead.
     */
    deleteAccount(
      input:
        | { password: string }
        | { code: string }
        | { id_token: string; provider: 'apple' | 'google' },
      options?: RequestOptions,
    ): Promise<null>;
  };
  notifications: {
    /**
     * Registers the Expo push token for this customer (POST /customer/devices): the one call an
     * app makes after `getExpoPushTokenAsync()`, at every start. It is sent again only when this
     * client has not registered the same token in the last day (the server's `last_seen_at`);
     * otherwise it answers the last registration without a request.
     */
    registerForPush(
      token: string,
      device: PushDevice,
      options?: RequestOptions,
    ): Promise<RegisteredDevice>;
  };
  orders: {
    /** GET /customer/orders/{id}/invoice: the PDF bytes (the order must be paid or shipped). */
    invoice(id: number, options?: RequestOptions): Promise<ArrayBuffer>;
    /**
     * GET /customer/orders/{id}/credit-notes/{number}: one credit note's PDF bytes, by the
     * `number` `orders.creditNotes({ id })` lists (`CN/2627/000001`; encoded here).
     */
    creditNotePdf(id: number, number: string, options?: RequestOptions): Promise<ArrayBuffer>;
  };
}

export type StorefrontClient = {
  [N in Namespace]: NamespaceMethods<N> & (N extends keyof HandWritten ? HandWritten[N] : unknown);
} & {
  /** The store the client reads the bearer token from (e.g. to check for a session at start). */
  readonly tokenStore: TokenStore;
};

export interface StorefrontClientOptions {
  /** The server's origin, e.g. `https://shop.example.com` (`/api/v1` is added; it may be given). */
  baseUrl: string;
  /** Where the bearer token is kept. Default: in memory. */
  tokenStore?: TokenStore;
  /** Default: the global `fetch`. */
  fetch?: FetchLike;
  /**
   * Called when a request that carried a token is answered 401 UNAUTHENTICATED (expired or
   * revoked session), once per token however many requests fail with it. The token is cleared
   * from the store before the call. Not called for logout.
   */
  onUnauthorized?: (error: StorefrontError) => void | Promise<void>;
  /** Headers sent with every request (e.g. `Accept-Language`, an app version). */
  headers?: Record<string, string>;
  /** Retries of GETs and idempotent operations. */
  retry?: RetryOptions;
  /**
   * Catalogue reads are revalidated with their ETag: a 304 answers from the kept copy. Default:
   * the last 200 in memory; pass your own (e.g. backed by storage) or `false` to keep none.
   */
  cache?: RevalidationCache | false;
}

function isBlob(file: UploadFile): file is Blob {
  return typeof Blob !== 'undefined' && file instanceof Blob;
}

export function createStorefrontClient(options: StorefrontClientOptions): StorefrontClient {
  const fetchImpl: FetchLike =
    options.fetch ?? ((url, init) => globalThis.fetch(url, init as RequestInit));
  const tokenStore = options.tokenStore ?? memoryTokenStore();
  const transport = createTransport({
    baseUrl: options.baseUrl,
    fetch: fetchImpl,
    tokenStore,
    ...(options.onUnauthorized ? { onUnauthorized: options.onUnauthorized } : {}),
    ...(options.headers ? { headers: options.headers } : {}),
    ...(options.retry ? { retry: options.retry } : {}),
    ...(options.cache === false ? {} : { cache: options.cache ?? memoryRevalidationCache() }),
  });

  const namespaces: Record<string, Record<string, unknown>> = {};
  for (const namespace of NAMESPACES) namespaces[namespace] = {};
  for (const route of Object.values(ROUTES) as Operation[] &
    { namespace: string; name: string }[]) {
    const target = namespaces[route.namespace] as Record<string, unknown>;
    target[route.name] = route.hasInput
      ? (input?: unknown, callOptions?: RequestOptions) =>
          transport.call(route, input ?? {}, callOptions)
      : (callOptions?: RequestOptions) => transport.call(route, undefined, callOptions);
  }

  let lastPush: { token: string; device: RegisteredDevice } | undefined;
  const handWritten: HandWritten = {
    auth: {
      async deleteAccount(input, callOptions) {
        await transport.send(
          {
            method: 'DELETE',
            path: '/auth/account',
            body: JSON.stringify(input),
            json: true,
            retry: 'never',
          },
          callOptions,
        );
        lastPush = undefined;
        await tokenStore.clear();
        return null;
      },
      uploadAvatar(file, callOptions) {
        const form = new FormData();
        if (isBlob(file)) {
          form.append('avatar', file, (file as { name?: string }).name ?? 'avatar');
        } else {
          // React Native's FormData takes `{ uri, name, type }` and streams the file itself.
          form.append('avatar', file as unknown as Blob);
        }
        return transport.send(
          { method: 'POST', path: '/auth/avatar', body: form, retry: 'never' },
          callOptions,
        ) as Promise<Unwrap<AvatarOutput>>;
      },
    },
    notifications: {
      async registerForPush(token, device, callOptions) {
        const seen = lastPush?.token === token ? Date.parse(lastPush.device.last_seen_at) : NaN;
        if (lastPush && Date.now() - seen < PUSH_REFRESH_MS) return lastPush.device;
        const registered = (await (
          namespaces.notifications as { registerDevice: (...args: unknown[]) => Promise<unknown> }
        ).registerDevice({ token, ...device }, callOptions)) as RegisteredDevice;
        lastPush = { token, device: registered };
        return registered;
      },
    },
    orders: {
      invoice(id, callOptions) {
        return transport.send(
          {
            method: 'GET',
            path: `/customer/orders/${encodeURIComponent(String(id))}/invoice`,
            retry: 'safe',
            binary: true,
          },
          callOptions,
        ) as Promise<ArrayBuffer>;
      },
      creditNotePdf(id, number, callOptions) {
        return transport.send(
          {
            method: 'GET',
            // encodeURIComponent writes the number's `/` as `%2F`, as the route expects.
            path: `/customer/orders/${encodeURIComponent(String(id))}/credit-notes/${encodeURIComponent(number)}`,
            retry: 'safe',
            binary: true,
          },
          callOptions,
        ) as Promise<ArrayBuffer>;
      },
    },
  };
  Object.assign(namespaces.auth as object, handWritten.auth);
  Object.assign(namespaces.orders as object, handWritten.orders);
  Object.assign(namespaces.notifications as object, handWritten.notifications);

  return { ...namespaces, tokenStore } as unknown as StorefrontClient;
}
