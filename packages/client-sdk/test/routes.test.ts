/** The generated route table against the server's router, and the namespace mapping. */
import { appRouter } from '@storefront/routers/root';
import { describe, expect, it } from 'vitest';
import { buildRouteTable, staleFiles } from '../scripts/generate-routes';
import { NAMESPACES, ROUTES } from '../src/routes.generated';

type Def = { meta?: { openapi?: { method: string; path: string } } };
const procedures = appRouter._def.procedures as unknown as Record<string, { _def: Def }>;

describe('routes.generated.ts', () => {
  it('is what the generator writes from the current router (re-run `generate` if not)', () => {
    expect(staleFiles()).toEqual([]);
  });

  it('has every REST procedure with its method and path, and no /trpc-only one', () => {
    const rest = Object.entries(procedures)
      .filter(([, p]) => p._def.meta?.openapi)
      .map(([key, p]) => [key, p._def.meta?.openapi?.method, p._def.meta?.openapi?.path]);
    expect(rest.length).toBeGreaterThan(0);
    expect(Object.entries(ROUTES).map(([key, r]) => [key, r.method, r.path])).toEqual(rest);
    expect(Object.keys(ROUTES).some((key) => key.startsWith('admin.'))).toBe(false);
  });

  it('puts every REST procedure in the namespace of its top-level router key', () => {
    for (const [key, route] of Object.entries(ROUTES)) {
      expect(NAMESPACES).toContain(route.namespace);
      expect(key.split('.')[0]).toBe(route.namespace);
    }
  });
});

describe('namespace mapping', () => {
  // Every path of the spec (section 4), including those still to land on the server.
  const SPEC: Array<[string, string]> = [
    ['/auth/register', 'auth'],
    ['/auth/password/change', 'auth'],
    ['/auth/avatar', 'auth'],
    ['/checkout/init', 'checkout'],
    ['/checkout/place-order', 'checkout'],
    ['/cart', 'cart'],
    ['/cart/items/{id}', 'cart'],
    ['/customer/orders', 'orders'],
    ['/customer/orders/{id}/invoice', 'orders'],
    // Issue 37: credit notes, listed by a procedure; their PDFs a binary route.
    ['/customer/orders/{id}/credit-notes', 'orders'],
    ['/customer/orders/{id}/credit-notes/{number}', 'orders'],
    ['/customer/profile', 'customer'],
    ['/customer/addresses/{id}', 'addresses'],
    ['/products', 'products'],
    ['/products/{id}', 'products'],
    ['/products/featured', 'products'],
    ['/products/{id}/related', 'products'],
    ['/categories/tree', 'categories'],
    ['/categories/{id}/products', 'categories'],
    ['/search', 'search'],
    ['/search/suggestions', 'search'],
    ['/banners/{identifier}', 'banners'],
    ['/currency/default', 'currency'],
    ['/features', 'features'],
    ['/products/{id}/reviews', 'reviews'],
    ['/reviews/{id}/vote', 'reviews'],
    ['/customer/wishlist/{id}/move-to-cart', 'wishlist'],
    ['/products/{id}/generate-description', 'ai'],
    ['/system/api-sync/heartbeat', 'sync'],
    ['/customer/devices', 'notifications'],
    ['/customer/notification-preferences', 'notifications'],
    ['/customer/export', 'account'],
    ['/auth/account', 'auth'],
    // Issue 26: gift cards and loyalty points (their cart operations live in their slices).
    ['/gift-cards/balance', 'giftCards'],
    ['/cart/apply-gift-card', 'giftCards'],
    ['/customer/loyalty', 'loyalty'],
    ['/cart/apply-loyalty-points', 'loyalty'],
    // Issue 39: the delivery promise for a postcode.
    ['/serviceability', 'delivery'],
    // Issue 38: returns (asked for on an order, then followed in their own namespace).
    ['/customer/orders/{id}/returns', 'returns'],
    ['/customer/returns/{id}', 'returns'],
    ['/customer/orders/{id}/cancel-items', 'orders'],
    // Issue 40: paying a COD order online, and the cards saved at Razorpay.
    ['/customer/orders/{id}/pay-online', 'orders'],
    ['/customer/saved-cards', 'customer'],
    ['/customer/saved-cards/{id}', 'customer'],
    // Issue 41: the back office's invitation link sets the password.
    ['/staff/accept-invite', 'staff'],
  ];

  /** The REST routes that are not procedures (multipart, binary, DELETE with a body): client.ts adds them. */
  const HAND_WRITTEN: Record<string, string> = {
    '/auth/avatar': 'auth',
    '/auth/account': 'auth',
    '/customer/orders/{id}/invoice': 'orders',
    '/customer/orders/{id}/credit-notes/{number}': 'orders',
  };
  const namespaceOf = (path: string) =>
    Object.values(ROUTES).find((route) => route.path === path)?.namespace ?? HAND_WRITTEN[path];

  it.each(SPEC)('%s → %s', (path, namespace) => {
    expect(namespaceOf(path)).toBe(namespace);
  });

  it('covers every namespace of the issue', () => {
    expect(new Set(SPEC.map(([, n]) => n))).toEqual(new Set(NAMESPACES));
  });

  it('takes idempotency and the session effect from procedure meta', () => {
    const table = buildRouteTable([
      {
        key: 'checkout.placeOrder',
        type: 'mutation',
        hasInput: true,
        openapi: { method: 'POST', path: '/checkout/place-order' },
        idempotent: true,
      },
      {
        key: 'catalog.products.list',
        type: 'query',
        hasInput: true,
        openapi: { method: 'GET', path: '/products' },
      },
    ]);
    expect(table['checkout.placeOrder']).toMatchObject({
      namespace: 'checkout',
      name: 'placeOrder',
      idempotent: true,
      session: null,
    });
    expect(table['catalog.products.list']).toMatchObject({
      namespace: 'catalog',
      name: 'list',
      idempotent: false,
    });
    expect(ROUTES['checkout.placeOrder'].idempotent).toBe(true);
    expect(ROUTES['auth.register'].session).toBe('issue');
    expect(ROUTES['auth.login'].session).toBe('issue');
    expect(ROUTES['auth.refresh'].session).toBe('issue');
    expect(ROUTES['auth.logout'].session).toBe('revoke');
    // Place-order and every cart mutation (the offline cart replays them, issue 29).
    expect(
      Object.entries(ROUTES)
        .filter(([, route]) => route.idempotent)
        .map(([key]) => key)
        .sort(),
    ).toEqual([
      'cart.add',
      'cart.applyCoupon',
      'cart.clear',
      'cart.removeCoupon',
      'cart.removeItem',
      'cart.updateItem',
      'checkout.placeOrder',
    ]);
  });

  it('refuses two procedures that would share a method name', () => {
    const p = (key: string, path: string) => ({
      key,
      type: 'query' as const,
      hasInput: false,
      openapi: { method: 'GET', path },
    });
    expect(() =>
      buildRouteTable([p('products.list', '/products'), p('products.sub.list', '/products/x')]),
    ).toThrow(/both be client\.products\.list/);
  });
});
