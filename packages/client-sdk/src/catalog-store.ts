import type { OperationResult, StorefrontClient } from './client';
import { isStorefrontError } from './errors';

/**
 * The catalogue on the phone (issue 29, docs/offline.md): products, categories, banners,
 * currencies, shipping methods and feature flags kept in a storage adapter, current through the
 * server's change feed (GET /sync/changes). Reads answer from the store, with no network.
 * No Node APIs: it runs on Hermes.
 */

/**
 * Where the store keeps its rows: a tiny async key-value interface. `memoryStorage()` for tests,
 * `asyncStorageAdapter(AsyncStorage)` for the app (MMKV fits the same shape through a wrapper).
 */
export interface StorageAdapter {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string): Promise<void>;
  delete(key: string): Promise<void>;
  keys(): Promise<string[]>;
}

/** A storage adapter in memory; hand the same one to a new store to simulate a restart. */
export function memoryStorage(initial?: Record<string, string>): StorageAdapter {
  const map = new Map(Object.entries(initial ?? {}));
  return {
    async get(key) {
      return map.get(key);
    },
    async set(key, value) {
      map.set(key, value);
    },
    async delete(key) {
      map.delete(key);
    },
    async keys() {
      return [...map.keys()];
    },
  };
}

/** The part of React Native's AsyncStorage the adapter uses (the app passes its own instance). */
export interface AsyncStorageLike {
  getItem(key: string): Promise<string | null>;
  setItem(key: string, value: string): Promise<void>;
  removeItem(key: string): Promise<void>;
  getAllKeys(): Promise<readonly string[]>;
}

/** An AsyncStorage-shaped object as a storage adapter; keys live under `prefix`. */
export function asyncStorageAdapter(
  storage: AsyncStorageLike,
  prefix = 'storefront:',
): StorageAdapter {
  return {
    async get(key) {
      return (await storage.getItem(prefix + key)) ?? undefined;
    },
    set: (key, value) => storage.setItem(prefix + key, value),
    delete: (key) => storage.removeItem(prefix + key),
    async keys() {
      return (await storage.getAllKeys())
        .filter((key) => key.startsWith(prefix))
        .map((key) => key.slice(prefix.length));
    },
  };
}

export type SyncPage = OperationResult<'sync.changes'>;
export type SyncChange = SyncPage['changes'][number];
export type SyncEntity = SyncChange['entity'];
type DataOf<E extends SyncEntity> = NonNullable<Extract<SyncChange, { entity: E }>['data']>;
export type StoredProduct = DataOf<'product'>;
export type StoredCategory = DataOf<'category'>;
export type StoredBanner = DataOf<'banner'>;
export type StoredCurrency = DataOf<'currency'>;
export type StoredShippingMethod = DataOf<'shipping_method'>;
export type StoredFeatureFlags = DataOf<'feature_flags'>;

export interface CatalogStoreOptions {
  client: Pick<StorefrontClient, 'sync'>;
  storage: StorageAdapter;
  /** Changes per page (1–2000, default 500). */
  pageSize?: number;
}

export interface SyncResult {
  /** Changes applied by this sync. */
  changes: number;
  /** The cursor was refused (410): the store was rebuilt from a first sync. */
  restarted: boolean;
}

const CURSOR_KEY = 'cursor';
const ROW_PREFIX = 'row:';
const rowKey = (entity: string, id: string | number) => `${ROW_PREFIX}${entity}:${id}`;

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);

export function createCatalogStore(options: CatalogStoreOptions) {
  const { client, storage } = options;
  const pageSize = options.pageSize ?? 500;
  /** Rows by entity and id, loaded from storage once. */
  const rows = new Map<SyncEntity, Map<string, unknown>>();
  let cursor: string | undefined;
  let loading: Promise<void> | undefined;
  let syncing: Promise<SyncResult> | undefined;

  const table = (entity: SyncEntity) => {
    let entries = rows.get(entity);
    if (!entries) {
      entries = new Map();
      rows.set(entity, entries);
    }
    return entries;
  };

  function load(): Promise<void> {
    loading ??= (async () => {
      cursor = await storage.get(CURSOR_KEY);
      for (const key of await storage.keys()) {
        if (!key.startsWith(ROW_PREFIX)) continue;
        const [entity, ...id] = key.slice(ROW_PREFIX.length).split(':');
        const value = await storage.get(key);
        if (value !== undefined) table(entity as SyncEntity).set(id.join(':'), JSON.parse(value));
      }
    })();
    return loading;
  }

  async function apply(change: SyncChange): Promise<void> {
    const id = String(change.id);
    if (change.op === 'delete' || change.data === null) {
      table(change.entity).delete(id);
      await storage.delete(rowKey(change.entity, id));
    } else {
      table(change.entity).set(id, change.data);
      await storage.set(rowKey(change.entity, id), JSON.stringify(change.data));
    }
  }

  async function pull(from: string | undefined, seen?: Set<string>): Promise<number> {
    let since = from;
    let applied = 0;
    for (;;) {
      const page = await client.sync.changes(
        since === undefined ? { limit: pageSize } : { since, limit: pageSize },
      );
      for (const change of page.changes) {
        await apply(change);
        seen?.add(rowKey(change.entity, change.id));
      }
      applied += page.changes.length;
      // Saved after the rows: a restart in between applies the page again, which is harmless.
      since = page.next_cursor;
      cursor = since;
      await storage.set(CURSOR_KEY, since);
      if (!page.has_more) return applied;
    }
  }

  async function runSync(): Promise<SyncResult> {
    await load();
    try {
      return { changes: await pull(cursor), restarted: false };
    } catch (error) {
      if (!isStorefrontError(error) || error.code !== 'SYNC_CURSOR_EXPIRED') throw error;
    }
    // The server compacted past our cursor: a first sync again; rows it no longer sends go.
    const seen = new Set<string>();
    const changes = await pull(undefined, seen);
    for (const [entity, entries] of rows) {
      for (const id of [...entries.keys()]) {
        const key = rowKey(entity, id);
        if (!seen.has(key)) {
          entries.delete(id);
          await storage.delete(key);
        }
      }
    }
    return { changes, restarted: true };
  }

  const list = <T>(entity: SyncEntity) => [...table(entity).values()] as T[];

  return {
    /** Opens the stored copy (also done by every other call); nothing is fetched. */
    open: load,

    /** Pulls the feed from the saved cursor to its end. Concurrent calls share one pull. */
    sync(): Promise<SyncResult> {
      syncing ??= runSync().finally(() => {
        syncing = undefined;
      });
      return syncing;
    },

    /** The saved cursor (undefined before the first sync). */
    async cursor(): Promise<string | undefined> {
      await load();
      return cursor;
    },

    async product(id: number): Promise<StoredProduct | undefined> {
      await load();
      return table('product').get(String(id)) as StoredProduct | undefined;
    },

    async products(): Promise<StoredProduct[]> {
      await load();
      return list<StoredProduct>('product').sort((a, b) => a.id - b.id);
    },

    /**
     * Products whose name, SKU, descriptions or category names hold every word of `text`
     * (a word may be the start of one: "head" finds headphones); name matches first.
     */
    async search(text: string): Promise<StoredProduct[]> {
      await load();
      const wanted = words(text);
      if (wanted.length === 0) return [];
      const scored: { product: StoredProduct; score: number }[] = [];
      for (const product of list<StoredProduct>('product')) {
        const nameWords = words(`${product.name} ${product.sku}`);
        const otherWords = words(
          `${product.short_description} ${product.description} ${product.categories
            .map((category) => category.name)
            .join(' ')}`,
        );
        let score = 0;
        for (const word of wanted) {
          if (nameWords.some((candidate) => candidate.startsWith(word))) score += 2;
          else if (otherWords.some((candidate) => candidate.startsWith(word))) score += 1;
          else {
            score = -1;
            break;
          }
        }
        if (score > 0) scored.push({ product, score });
      }
      return scored
        .sort((a, b) => b.score - a.score || a.product.id - b.product.id)
        .map((s) => s.product);
    },

    /** Products in the category or its subcategories, as GET /categories/{id}/products counts them. */
    async byCategory(categoryId: number): Promise<StoredProduct[]> {
      await load();
      const categories = list<StoredCategory>('category');
      const subtree = new Set([categoryId]);
      for (let grew = true; grew; ) {
        grew = false;
        for (const category of categories) {
          if (
            category.parent_id !== null &&
            subtree.has(category.parent_id) &&
            !subtree.has(category.id)
          ) {
            subtree.add(category.id);
            grew = true;
          }
        }
      }
      return list<StoredProduct>('product')
        .filter((product) => product.categories.some((category) => subtree.has(category.id)))
        .sort((a, b) => a.id - b.id);
    },

    async categories(): Promise<StoredCategory[]> {
      await load();
      return list<StoredCategory>('category').sort(
        (a, b) => a.position - b.position || a.id - b.id,
      );
    },

    async banners(): Promise<StoredBanner[]> {
      await load();
      return list<StoredBanner>('banner').sort((a, b) => a.position - b.position || a.id - b.id);
    },

    async currencies(): Promise<StoredCurrency[]> {
      await load();
      return list<StoredCurrency>('currency');
    },

    async shippingMethods(): Promise<StoredShippingMethod[]> {
      await load();
      return list<StoredShippingMethod>('shipping_method');
    },

    async featureFlags(): Promise<StoredFeatureFlags | undefined> {
      await load();
      return table('feature_flags').get('features') as StoredFeatureFlags | undefined;
    },
  };
}

export type CatalogStore = ReturnType<typeof createCatalogStore>;
