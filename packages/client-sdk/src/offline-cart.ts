import { type PricingPurchasable, priceItems } from '@storefront/pricing';
import type { CatalogStore, StorageAdapter } from './catalog-store';
import type { OperationResult, StorefrontClient } from './client';
import { isStorefrontError, type StorefrontError } from './errors';
import { newIdempotencyKey } from './transport';

/**
 * A cart that takes taps with no network (issue 29, docs/offline.md). Each operation is queued in
 * storage with its own Idempotency-Key and replayed in order when `online()` is signalled; the
 * server answers a replay of an operation it already applied with that first answer, so nothing
 * is applied twice, even across an app restart mid-replay. Meanwhile the cart shows optimistic
 * totals computed by the server's own cart arithmetic (the workspace's pricing package, bundled), from the stored
 * catalogue; when the server's cart then differs, each difference is reported as a typed event.
 */

export type ServerCart = OperationResult<'cart.get'>;

/** What the app asked for, keyed by product and variant (offline, lines have no server id yet). */
export type CartOperation =
  | { type: 'add'; product_id: number; variant_id: number | null; quantity: number }
  | { type: 'set_quantity'; product_id: number; variant_id: number | null; quantity: number }
  | { type: 'remove'; product_id: number; variant_id: number | null };

export interface QueuedOperation {
  operation: CartOperation;
  /** The Idempotency-Key every attempt of this operation sends. */
  key: string;
}

export interface OptimisticLine {
  product_id: number;
  variant_id: number | null;
  name: string;
  quantity: number;
  /** Unit price from the stored catalogue (undefined when the product is not in the store). */
  price: number | undefined;
  total: number;
  available: boolean;
}

export interface OptimisticCart {
  items: OptimisticLine[];
  subtotal: number;
  discount: number;
  shipping: number;
  tax: number;
  total: number;
  item_count: number;
  currency: string;
  /** Operations still waiting for the server. */
  pending: number;
}

/** How the server's cart, once replayed, differs from what the app showed. */
export type CartDifference =
  | { type: 'operation_failed'; operation: CartOperation; error: StorefrontError }
  | {
      type: 'price_changed';
      product_id: number;
      variant_id: number | null;
      expected: number;
      actual: number;
    }
  | {
      type: 'quantity_changed';
      product_id: number;
      variant_id: number | null;
      expected: number;
      actual: number;
    }
  | { type: 'line_unavailable'; product_id: number; variant_id: number | null }
  | { type: 'total_changed'; expected: number; actual: number };

export interface OfflineCartOptions {
  client: Pick<StorefrontClient, 'cart'>;
  storage: StorageAdapter;
  catalog: CatalogStore;
  /** Tax rate of the shipping country in basis points, when the app knows it (default 0). */
  taxRateBasisPoints?: number;
  /** Whether to start online (default false: call `online()` once the network is known). */
  online?: boolean;
  onDifference?: (difference: CartDifference) => void;
  now?: () => Date;
}

const QUEUE_KEY = 'cart:queue';
const SERVER_KEY = 'cart:server';
const lineKey = (productId: number, variantId: number | null) => `${productId}:${variantId ?? ''}`;
const cents = (amount: number) => Math.round(amount * 100);
const amount = (value: number) => Math.round(value) / 100;

interface IntendedLine {
  product_id: number;
  variant_id: number | null;
  quantity: number;
}

/** The server's lines with the queued operations applied: the cart the customer means. */
function intendedLines(server: ServerCart | undefined, queue: QueuedOperation[]): IntendedLine[] {
  const lines = new Map<string, IntendedLine>();
  for (const item of server?.items ?? []) {
    lines.set(lineKey(item.product_id, item.variant_id), {
      product_id: item.product_id,
      variant_id: item.variant_id,
      quantity: item.quantity,
    });
  }
  for (const { operation } of queue) {
    const key = lineKey(operation.product_id, operation.variant_id);
    const line = lines.get(key);
    if (operation.type === 'remove') lines.delete(key);
    else if (operation.type === 'set_quantity') {
      if (line) line.quantity = operation.quantity;
    } else if (line) line.quantity += operation.quantity;
    else
      lines.set(key, {
        product_id: operation.product_id,
        variant_id: operation.variant_id,
        quantity: operation.quantity,
      });
  }
  return [...lines.values()];
}

export function createOfflineCart(options: OfflineCartOptions) {
  const { client, storage, catalog } = options;
  const now = options.now ?? (() => new Date());
  let isOnline = options.online ?? false;
  let queue: QueuedOperation[] = [];
  let server: ServerCart | undefined;
  let loading: Promise<void> | undefined;
  let replaying: Promise<CartDifference[]> | undefined;

  function load(): Promise<void> {
    loading ??= (async () => {
      const storedQueue = await storage.get(QUEUE_KEY);
      const storedServer = await storage.get(SERVER_KEY);
      queue = storedQueue ? (JSON.parse(storedQueue) as QueuedOperation[]) : [];
      server = storedServer ? (JSON.parse(storedServer) as ServerCart) : undefined;
    })();
    return loading;
  }

  const saveQueue = () => storage.set(QUEUE_KEY, JSON.stringify(queue));
  async function saveServer(cart: ServerCart) {
    server = cart;
    await storage.set(SERVER_KEY, JSON.stringify(cart));
  }

  /** The stored catalogue's prices of the intended lines, as the server's pricing would take them. */
  async function purchasablesFor(lines: IntendedLine[]) {
    const purchasables: (PricingPurchasable & { key: string })[] = [];
    for (const line of lines) {
      const product = await catalog.product(line.product_id);
      if (!product) continue;
      if (line.variant_id === null) {
        purchasables.push({
          key: lineKey(line.product_id, null),
          productId: product.id,
          variantId: null,
          name: product.name,
          type: product.type,
          active: true,
          unitPriceCents: cents(product.final_price),
        });
      } else {
        const variant = product.variants.find((v) => v.id === line.variant_id);
        if (!variant) continue;
        purchasables.push({
          key: lineKey(line.product_id, variant.id),
          productId: product.id,
          variantId: variant.id,
          name: product.name,
          type: product.type,
          active: true,
          unitPriceCents: cents(variant.final_price),
        });
      }
    }
    return purchasables;
  }

  async function optimistic(): Promise<OptimisticCart> {
    await load();
    const lines = intendedLines(server, queue);
    const purchasables = await purchasablesFor(lines);
    const currencies = await catalog.currencies();
    const currency = server?.currency ?? currencies.find((c) => c.is_default)?.code ?? 'USD';
    const priced = priceItems({
      items: lines.map((line) => ({
        productId: line.product_id,
        variantId: line.variant_id,
        quantity: line.quantity,
      })),
      purchasables,
      currency,
      now: now(),
      // Coupons and shipping are the server's to judge; the optimistic cart shows neither.
      couponCode: null,
      shippingMethod: null,
      tax: { rateBasisPoints: options.taxRateBasisPoints ?? 0 },
    });
    return {
      items: priced.lines.map((line) => ({
        product_id: line.item.productId,
        variant_id: line.item.variantId,
        name: line.purchasable?.name ?? 'Unavailable product',
        quantity: line.item.quantity,
        price: line.purchasable ? amount(line.unitPriceCents) : undefined,
        total: amount(line.lineTotalCents),
        available: line.available,
      })),
      subtotal: amount(priced.totals.subtotalCents),
      discount: amount(priced.totals.discountCents),
      shipping: amount(priced.totals.shippingCents),
      tax: amount(priced.totals.taxCents),
      total: amount(priced.totals.totalCents),
      item_count: lines.reduce((sum, line) => sum + line.quantity, 0),
      currency,
      pending: queue.length,
    };
  }

  /** Sends one queued operation; the line's server id is looked up at send time. */
  async function send(entry: QueuedOperation): Promise<ServerCart> {
    const { operation, key } = entry;
    const request = { idempotencyKey: key };
    if (operation.type === 'add') {
      return client.cart.add(
        {
          product_id: operation.product_id,
          quantity: operation.quantity,
          ...(operation.variant_id === null ? {} : { variant_id: operation.variant_id }),
        },
        request,
      );
    }
    const current = server ?? (await client.cart.get());
    const item = current.items.find(
      (line) =>
        lineKey(line.product_id, line.variant_id) ===
        lineKey(operation.product_id, operation.variant_id),
    );
    // The line is already gone (removed on another device): nothing left to change.
    if (!item) return current;
    if (operation.type === 'remove') return client.cart.removeItem({ id: item.id }, request);
    return client.cart.updateItem({ id: item.id, quantity: operation.quantity }, request);
  }

  function differences(expected: OptimisticCart, actual: ServerCart): CartDifference[] {
    const found: CartDifference[] = [];
    const byKey = new Map(
      actual.items.map((item) => [lineKey(item.product_id, item.variant_id), item]),
    );
    for (const line of expected.items) {
      const item = byKey.get(lineKey(line.product_id, line.variant_id));
      const ids = { product_id: line.product_id, variant_id: line.variant_id };
      if (!item?.available) {
        found.push({ type: 'line_unavailable', ...ids });
        continue;
      }
      if (item.quantity !== line.quantity) {
        found.push({
          type: 'quantity_changed',
          ...ids,
          expected: line.quantity,
          actual: item.quantity,
        });
      }
      if (line.price !== undefined && item.price !== line.price) {
        found.push({ type: 'price_changed', ...ids, expected: line.price, actual: item.price });
      }
    }
    if (actual.total !== expected.total) {
      found.push({ type: 'total_changed', expected: expected.total, actual: actual.total });
    }
    return found;
  }

  async function replay(): Promise<CartDifference[]> {
    await load();
    if (queue.length === 0) return [];
    const expected = await optimistic();
    const found: CartDifference[] = [];
    while (queue.length > 0 && isOnline) {
      const entry = queue[0] as QueuedOperation;
      try {
        await saveServer(await send(entry));
      } catch (error) {
        if (isStorefrontError(error) && (error.code === 'NETWORK_ERROR' || error.status >= 500)) {
          // Still no (usable) network: keep the queue, try again at the next online().
          isOnline = error.code !== 'NETWORK_ERROR';
          return found;
        }
        if (!isStorefrontError(error)) throw error;
        // Refused for good (out of stock, product gone): reported, dropped.
        found.push({ type: 'operation_failed', operation: entry.operation, error });
      }
      queue.shift();
      await saveQueue();
    }
    if (queue.length === 0 && server) {
      // The server's view of every line, now that the queue is empty.
      await saveServer(await client.cart.get());
      found.push(...differences(expected, server));
    }
    for (const difference of found) options.onDifference?.(difference);
    return found;
  }

  async function enqueue(operation: CartOperation): Promise<OptimisticCart> {
    await load();
    queue.push({ operation, key: newIdempotencyKey() });
    await saveQueue();
    if (isOnline) await flush();
    return optimistic();
  }

  function flush(): Promise<CartDifference[]> {
    replaying ??= replay().finally(() => {
      replaying = undefined;
    });
    return replaying;
  }

  return {
    /** The cart as the customer means it: the server's last answer with the queue applied. */
    cart: optimistic,

    /** The last cart the server answered (undefined before the first). */
    async serverCart(): Promise<ServerCart | undefined> {
      await load();
      return server;
    },

    /** The operations waiting for the server, oldest first. */
    async pending(): Promise<QueuedOperation[]> {
      await load();
      return [...queue];
    },

    add(productId: number, quantity = 1, variantId: number | null = null) {
      return enqueue({ type: 'add', product_id: productId, variant_id: variantId, quantity });
    },

    setQuantity(productId: number, quantity: number, variantId: number | null = null) {
      return enqueue({
        type: 'set_quantity',
        product_id: productId,
        variant_id: variantId,
        quantity,
      });
    },

    remove(productId: number, variantId: number | null = null) {
      return enqueue({ type: 'remove', product_id: productId, variant_id: variantId });
    },

    /** The network is gone: operations only queue. */
    offline(): void {
      isOnline = false;
    },

    /** The network is back: replays the queue in order; the differences found (also reported). */
    online(): Promise<CartDifference[]> {
      isOnline = true;
      return flush();
    },

    /** Fetches the server's cart (when online) so the optimistic cart starts from it. */
    async refresh(): Promise<ServerCart> {
      await load();
      const cart = await client.cart.get();
      await saveServer(cart);
      return cart;
    },
  };
}

export type OfflineCart = ReturnType<typeof createOfflineCart>;
