/**
 * A scripted app session against the real server (issue 29): sync the catalogue, lose the
 * network, fill the cart, restart the app, get the network back, replay.
 */
import { cartItems } from '@storefront/db/schema';
import { createCategory, createCurrency, createProduct } from '@storefront/db/testing/factories';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type CartDifference,
  createCatalogStore,
  createOfflineCart,
  createStorefrontClient,
  type FetchLike,
  memoryStorage,
  memoryTokenStore,
  type StorefrontClient,
} from '../src/index';
import { useTestServer } from './support';

const server = useTestServer();

/** The app's network: on, off (every request fails), or losing the answer of the next mutation. */
function network() {
  const state = { mode: 'on' as 'on' | 'off' | 'lose-next-answer', sent: [] as string[] };
  const fetchImpl: FetchLike = async (url, init) => {
    if (state.mode === 'off') throw new TypeError('Network request failed');
    const response = await globalThis.fetch(url, init as RequestInit);
    if (init.method !== 'GET') state.sent.push(`${init.method} ${new URL(url).pathname}`);
    if (state.mode === 'lose-next-answer' && init.method !== 'GET') {
      // The server applied it; the phone never hears back (a tunnel mid-request).
      state.mode = 'on';
      throw new TypeError('Network request failed');
    }
    return response as unknown as Awaited<ReturnType<FetchLike>>;
  };
  return { state, fetchImpl };
}

describe('an app session with no network in the middle', () => {
  const net = network();
  const tokens = memoryTokenStore();
  // One storage for the app's whole life: a restart opens new objects on the same storage.
  const storage = memoryStorage();
  let client: StorefrontClient;
  const ids: Record<'shoes' | 'socks' | 'hat', number> = { shoes: 0, socks: 0, hat: 0 };
  let category: number;
  const differences: CartDifference[] = [];

  const open = () => {
    const catalog = createCatalogStore({ client, storage, pageSize: 2 });
    const cart = createOfflineCart({
      client,
      storage,
      catalog,
      onDifference: (difference) => differences.push(difference),
    });
    return { catalog, cart };
  };

  beforeAll(async () => {
    const db = server.t.db;
    await createCurrency(db, { code: 'USD', isDefault: true });
    category = (await createCategory(db, { name: 'Footwear' })).id;
    ids.shoes = (
      await createProduct(db, {
        name: 'Trail running shoes',
        priceCents: 8999,
        categoryIds: [category],
      })
    ).id;
    ids.socks = (
      await createProduct(db, {
        name: 'Wool socks',
        priceCents: 1250,
        specialPriceCents: 999,
        categoryIds: [category],
      })
    ).id;
    ids.hat = (await createProduct(db, { name: 'Sun hat', priceCents: 2500 })).id;
    client = createStorefrontClient({
      baseUrl: server.baseUrl,
      tokenStore: tokens,
      fetch: net.fetchImpl,
      retry: { retries: 0 },
    });
    await client.auth.register({
      name: 'Offline Customer',
      email: `offline-${Date.now()}@example.com`,
      password: 'correct horse 1',
      password_confirmation: 'correct horse 1',
      phone: '+44 20 7946 0001',
      terms_accepted: true,
    });
  });

  it('syncs the catalogue, then answers search and categories with no network', async () => {
    const { catalog } = open();
    const result = await catalog.sync();
    expect(result.changes).toBeGreaterThanOrEqual(5);
    net.state.mode = 'off';
    expect((await catalog.search('trail shoe')).map((p) => p.id)).toEqual([ids.shoes]);
    expect((await catalog.search('wool')).map((p) => p.id)).toEqual([ids.socks]);
    expect((await catalog.byCategory(category)).map((p) => p.id)).toEqual([ids.shoes, ids.socks]);
    expect((await catalog.product(ids.socks))?.final_price).toBe(9.99);
    expect(await catalog.featureFlags()).toMatchObject({ wishlist: true });
    await expect(catalog.sync()).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
  });

  it('fills the cart offline: three adds and a quantity change, priced optimistically', async () => {
    const { cart } = open();
    await cart.add(ids.shoes);
    await cart.add(ids.socks, 2);
    await cart.add(ids.hat);
    const shown = await cart.setQuantity(ids.socks, 3);
    expect(shown.pending).toBe(4);
    expect(shown.items.map((line) => [line.product_id, line.quantity])).toEqual([
      [ids.shoes, 1],
      [ids.socks, 3],
      [ids.hat, 1],
    ]);
    expect(shown.subtotal).toBe(144.96); // 89.99 + 3 × 9.99 + 25
    expect(shown.total).toBe(shown.subtotal);
    expect(net.state.sent.filter((line) => line.includes('/cart'))).toEqual([]);
  });

  it('after a restart, the catalogue and the queue are still there', async () => {
    const { catalog, cart } = open();
    expect((await catalog.search('hat')).map((p) => p.id)).toEqual([ids.hat]);
    expect((await cart.pending()).map((entry) => entry.operation.type)).toEqual([
      'add',
      'add',
      'add',
      'set_quantity',
    ]);
    expect((await cart.cart()).item_count).toBe(5);
  });

  it('back online: the first answer is lost in a tunnel, the replay applies each operation once', async () => {
    const { cart } = open();
    const optimistic = await cart.cart();
    net.state.mode = 'lose-next-answer';
    // The first add reaches the server, its answer does not: the queue stays as it was.
    expect(await cart.online()).toEqual([]);
    expect((await cart.pending()).length).toBe(4);

    // Restart again, then the network is really back.
    const again = open().cart;
    const found = await again.online();
    expect(found).toEqual([]);
    expect(differences).toEqual([]);
    expect(await again.pending()).toEqual([]);

    // The server's cart is the intended one, each operation applied once (shoes: 1, not 2).
    const serverCart = await client.cart.get();
    expect(serverCart.items.map((item) => [item.product_id, item.quantity])).toEqual([
      [ids.shoes, 1],
      [ids.socks, 3],
      [ids.hat, 1],
    ]);
    // The only cart of this database.
    const lines = await server.t.db
      .select({ productId: cartItems.productId, quantity: cartItems.quantity })
      .from(cartItems);
    expect(lines.sort((a, b) => a.productId - b.productId)).toEqual(
      [
        { productId: ids.shoes, quantity: 1 },
        { productId: ids.socks, quantity: 3 },
        { productId: ids.hat, quantity: 1 },
      ].sort((a, b) => a.productId - b.productId),
    );
    // Five requests for four operations: the lost one was sent twice, applied once.
    expect(net.state.sent.filter((line) => line.includes('/cart/'))).toHaveLength(5);
    // Nothing changed meanwhile: the optimistic totals were the server's.
    expect({ subtotal: optimistic.subtotal, tax: optimistic.tax, total: optimistic.total }).toEqual(
      {
        subtotal: serverCart.subtotal,
        tax: serverCart.tax,
        total: serverCart.total,
      },
    );
  });

  it('a change on the server meanwhile is reported as typed differences', async () => {
    const { cart, catalog } = open();
    cart.offline();
    await cart.add(ids.hat, 1);
    // The price of hats rises before the phone is back.
    await server.t.services.catalog.admin.update(ids.hat, { price: 30 });
    const found = await cart.online();
    expect(found).toContainEqual({
      type: 'price_changed',
      product_id: ids.hat,
      variant_id: null,
      expected: 25,
      actual: 30,
    });
    expect(found).toContainEqual(expect.objectContaining({ type: 'total_changed' }));
    // Syncing (a store reopened on the same storage, so from its saved cursor) brings just the
    // changed product, and the optimistic cart agrees again.
    const synced = await catalog.sync();
    expect(synced).toEqual({ changes: 1, restarted: false });
    expect((await catalog.product(ids.hat))?.price).toBe(30);
    const serverCart = await client.cart.get();
    expect((await cart.cart()).total).toBe(serverCart.total);
  });

  it('a refused cursor (410) rebuilds the store from a first sync, dropping rows no longer sent', async () => {
    await storage.set('cursor', 'not-a-cursor');
    await storage.set('row:product:999999', JSON.stringify({ id: 999999, name: 'Ghost' }));
    const { catalog } = open();
    expect(await catalog.product(999999)).toMatchObject({ name: 'Ghost' });
    const result = await catalog.sync();
    expect(result.restarted).toBe(true);
    expect(await catalog.product(999999)).toBeUndefined();
    expect(await storage.get('row:product:999999')).toBeUndefined();
    expect((await catalog.products()).map((product) => product.id).sort((a, b) => a - b)).toEqual(
      [ids.shoes, ids.socks, ids.hat].sort((a, b) => a - b),
    );
    expect(await catalog.cursor()).not.toBe('not-a-cursor');
  });
});
