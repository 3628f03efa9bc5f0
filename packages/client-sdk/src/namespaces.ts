/**
 * How REST operations are grouped on the client. This is the one hand-written mapping; the
 * generator (scripts/generate-routes.ts) applies it to every procedure of the server's router.
 *
 * A procedure lands in a namespace by its REST path (the paths are fixed by the spec, router keys
 * are not): `/customer/orders/{id}` is `orders` whether the server calls the procedure
 * `orders.get` or `customer.orders.get`. Its method name is the last segment of the procedure's
 * key (`auth.login` → `client.auth.login`). The generator refuses a REST path no rule matches and
 * two procedures with the same method name in one namespace.
 */
export const NAMESPACES = [
  'auth',
  'customer',
  'addresses',
  'products',
  'categories',
  'search',
  'banners',
  'currency',
  'features',
  'cart',
  'checkout',
  'orders',
  'wishlist',
  'reviews',
  'ai',
  'sync',
] as const;

export type Namespace = (typeof NAMESPACES)[number];

/** First match wins: the specific sub-paths come before their parents. */
export const NAMESPACE_RULES: ReadonlyArray<readonly [RegExp, Namespace]> = [
  [/^\/products\/\{[^/}]+\}\/reviews(\/|$)/, 'reviews'],
  [/^\/products\/\{[^/}]+\}\/generate-description$/, 'ai'],
  [/^\/customer\/addresses(\/|$)/, 'addresses'],
  [/^\/customer\/orders(\/|$)/, 'orders'],
  [/^\/customer\/wishlist(\/|$)/, 'wishlist'],
  [/^\/customer(\/|$)/, 'customer'],
  [/^\/system\/api-sync(\/|$)/, 'sync'],
  [/^\/auth(\/|$)/, 'auth'],
  [/^\/products(\/|$)/, 'products'],
  [/^\/categories(\/|$)/, 'categories'],
  [/^\/search(\/|$)/, 'search'],
  [/^\/banners(\/|$)/, 'banners'],
  [/^\/currency(\/|$)/, 'currency'],
  [/^\/features(\/|$)/, 'features'],
  [/^\/cart(\/|$)/, 'cart'],
  [/^\/checkout(\/|$)/, 'checkout'],
  [/^\/reviews(\/|$)/, 'reviews'],
];

export function namespaceOf(path: string): Namespace | undefined {
  return NAMESPACE_RULES.find(([pattern]) => pattern.test(path))?.[1];
}

/**
 * Operations that create something that must not be created twice: the SDK sends an
 * `Idempotency-Key` and retries with the same key (the server answers a repeat with the first
 * response, docs/contract.md §5).
 */
export const IDEMPOTENT_OPERATIONS: readonly string[] = ['POST /checkout/place-order'];

/** Operations whose answer carries a new bearer token (stored) or that end the session (cleared). */
export const TOKEN_ISSUING_OPERATIONS: readonly string[] = [
  'POST /auth/register',
  'POST /auth/login',
  'POST /auth/refresh',
];
export const TOKEN_REVOKING_OPERATIONS: readonly string[] = ['POST /auth/logout'];
