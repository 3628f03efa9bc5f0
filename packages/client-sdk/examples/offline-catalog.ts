// docs/offline.md's example, runnable against a demo server:
//   npx -y pnpm@10.34.9 start            (in the repository root, another terminal)
//   npx -y pnpm@10.34.9 --filter @storefront/client-sdk example:offline
import {
  createCatalogStore,
  createOfflineCart,
  createStorefrontClient,
  memoryStorage,
  memoryTokenStore,
} from '../src/index';

const client = createStorefrontClient({
  baseUrl: process.env.STOREFRONT_URL ?? 'http://localhost:8000',
  tokenStore: memoryTokenStore(),
});
await client.auth.register({
  name: 'Ada Lovelace',
  email: `ada-offline-${Date.now()}@example.com`,
  password: 'analytical engine',
  password_confirmation: 'analytical engine',
  phone: '+44 20 7946 0018',
  terms_accepted: true,
});

// In the app: asyncStorageAdapter(AsyncStorage) — the store survives restarts on it.
const storage = memoryStorage();
const catalog = createCatalogStore({ client, storage });
const first = await catalog.sync(); // the first sync: every row, paged
console.log(`synced ${first.changes} rows`);
console.log(`later syncs are deltas: ${(await catalog.sync()).changes} changes`);

// Offline: reads come from the store.
const [hit] = await catalog.search('shirt');
const [category] = await catalog.categories();
console.log(
  `"shirt" → ${hit?.name}; ${category?.name}: ${(await catalog.byCategory(category?.id ?? 0)).length} products`,
);

// The cart queues its operations and shows optimistic totals (the server's pricing code).
const cart = createOfflineCart({
  client,
  storage,
  catalog,
  onDifference: (difference) => console.log('the server differs:', difference),
});
const simple = (await catalog.products()).find(
  (product) => product.type === 'simple' && product.in_stock,
);
if (simple) {
  await cart.add(simple.id, 2);
  const shown = await cart.setQuantity(simple.id, 1);
  console.log(
    `offline: ${shown.item_count} item(s), total ${shown.total} (${shown.pending} queued)`,
  );
  // The network is back: replayed in order, each operation applied once. The demo shop charges
  // a default tax rate this cart was not told (taxRateBasisPoints): reported as total_changed.
  const differences = await cart.online();
  const server = await cart.serverCart();
  console.log(`online: server total ${server?.total}, ${differences.length} difference(s)`);
}
