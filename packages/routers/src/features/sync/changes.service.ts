import type { CatalogEntity } from '@storefront/db/schema';
import { AppError } from '../../errors';
import { centsToAmount } from '../../money';
import type { Clock } from '../../ports';
import type { CategoryDto, ProductDetailDto } from '../catalog/index';
import type { BannerDto } from '../content/index';
import type { FeatureFlags } from '../store-settings';
import type { CurrencyDto } from '../store-settings/index';
import type { ChangesRepository, FeedPosition, ShippingMethodRow } from './changes.repository';
import type {
  SyncChange,
  SyncChangesInput,
  SyncChangesPage,
  SyncShippingMethodDto,
} from './changes.schemas';

/**
 * The catalogue change feed (issue 29, docs/offline.md). The log (catalog_changes, written by
 * triggers) says which rows changed; each answer reads their current state, so a row changed
 * ten times in a page is one change with its latest state.
 */

/** What the first sync sends, in this order (small reference data before the products). */
export const SNAPSHOT_ORDER = [
  'feature_flags',
  'currency',
  'shipping_method',
  'category',
  'banner',
  'product',
] as const satisfies readonly CatalogEntity[];

/** How many log rows one delta page reads at most, per change it may answer. */
const WINDOW_PER_CHANGE = 8;

/** The other slices' reads the feed answers with (their public DTOs, unchanged). */
export interface CatalogReaders {
  featureFlags(): Promise<FeatureFlags>;
  currencies(): Promise<CurrencyDto[]>;
  categories(): Promise<CategoryDto[]>;
  banners(): Promise<BannerDto[]>;
  /** Visible products' details (GET /products/{id}) by id; unknown or hidden ones are absent. */
  products(ids: number[]): Promise<Map<number, ProductDetailDto>>;
}

export interface SyncChangesDeps {
  repo: ChangesRepository;
  readers: CatalogReaders;
  clock: Clock;
  /** Changes are kept at least this long (SYNC_RETENTION_DAYS). */
  retentionDays: number;
}

type Key = string | number;

type Cursor =
  /** A delta: changes after this position. */
  | { v: 1; e: string; k: 'd'; t: string; i: number }
  /** A first sync under way: horizon `h`, entity `n` of SNAPSHOT_ORDER, after key `a`. */
  | { v: 1; e: string; k: 's'; h: string; n: number; a: Key | null };

const encode = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');

function decode(raw: string): Cursor | undefined {
  try {
    const value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Cursor;
    if (value?.v !== 1 || typeof value.e !== 'string') return undefined;
    if (value.k === 'd' && /^\d+$/.test(value.t) && Number.isSafeInteger(value.i) && value.i >= 0)
      return value;
    if (
      value.k === 's' &&
      /^\d+$/.test(value.h) &&
      Number.isInteger(value.n) &&
      value.n >= 0 &&
      value.n < SNAPSHOT_ORDER.length &&
      (value.a === null || typeof value.a === 'string' || typeof value.a === 'number')
    )
      return value;
  } catch {
    // Not ours: answered like an expired one below.
  }
  return undefined;
}

/** a < b in the log's order: transaction id (as a 64-bit number), then row id. */
function before(a: FeedPosition, b: FeedPosition): boolean {
  const ta = BigInt(a.tx);
  const tb = BigInt(b.tx);
  return ta < tb || (ta === tb && a.id < b.id);
}

const expired = () =>
  new AppError(
    'SYNC_CURSOR_EXPIRED',
    'This sync cursor has expired or is unknown; start again without `since`.',
  );

export function toSyncShippingMethodDto(row: ShippingMethodRow): SyncShippingMethodDto {
  return {
    code: row.code,
    name: row.name,
    description: row.description,
    rate: centsToAmount(row.rateCents),
    min_subtotal: row.minSubtotalCents === null ? null : centsToAmount(row.minSubtotalCents),
    position: row.position,
  };
}

const byKey = (a: Key, b: Key) => (a < b ? -1 : a > b ? 1 : 0);

export function createSyncChangesService({ repo, readers, clock, retentionDays }: SyncChangesDeps) {
  /** A small entity's live rows by key, sorted (whole lists: a few dozen rows). */
  async function smallEntity(entity: Exclude<CatalogEntity, 'product'>) {
    const rows = new Map<Key, SyncChange['data']>();
    if (entity === 'feature_flags') rows.set('features', await readers.featureFlags());
    if (entity === 'currency')
      for (const row of await readers.currencies()) rows.set(row.code, row);
    if (entity === 'category') for (const row of await readers.categories()) rows.set(row.id, row);
    if (entity === 'banner') for (const row of await readers.banners()) rows.set(row.id, row);
    if (entity === 'shipping_method')
      for (const row of await repo.shippingMethods())
        rows.set(row.code, toSyncShippingMethodDto(row));
    return rows;
  }

  const change = (entity: CatalogEntity, id: Key, data: SyncChange['data'] | undefined) =>
    ({
      entity,
      id: entity === 'product' || entity === 'category' || entity === 'banner' ? Number(id) : id,
      op: data === undefined ? 'delete' : 'upsert',
      data: data ?? null,
    }) as SyncChange;

  async function products(ids: number[]) {
    const details = await readers.products(ids);
    return ids.map((id) => details.get(id));
  }

  /** Up to `room` live rows from the first sync's position; the cursor to go on, if any. */
  async function snapshotPage(cursor: Extract<Cursor, { k: 's' }>, room: number) {
    const changes: SyncChange[] = [];
    let { n, a } = cursor;
    while (n < SNAPSHOT_ORDER.length) {
      const entity = SNAPSHOT_ORDER[n] as CatalogEntity;
      if (changes.length >= room) return { changes, next: { ...cursor, n, a } };
      if (entity === 'product') {
        const want = room - changes.length;
        const ids = await repo.liveProductIds(typeof a === 'number' ? a : 0, want);
        const details = await products(ids);
        ids.forEach((id, i) => {
          const detail = details[i];
          // Hidden since the list was read: its change is after the horizon, a delta sends it.
          if (detail) changes.push(change('product', id, detail));
        });
        if (ids.length === want) return { changes, next: { ...cursor, n, a: ids.at(-1) ?? a } };
      } else {
        const rows = await smallEntity(entity);
        const keys = [...rows.keys()].sort(byKey).filter((key) => a === null || byKey(key, a) > 0);
        for (const key of keys) {
          if (changes.length >= room) return { changes, next: { ...cursor, n, a } };
          changes.push(change(entity, key, rows.get(key)));
          a = key;
        }
      }
      n += 1;
      a = null;
    }
    return { changes, next: undefined };
  }

  /** The current state of each changed row, in the order of the log. */
  async function currentState(rows: { entity: CatalogEntity; entityId: string }[]) {
    const small = new Map<CatalogEntity, Map<Key, SyncChange['data']>>();
    for (const entity of new Set(rows.map((row) => row.entity))) {
      if (entity !== 'product') small.set(entity, await smallEntity(entity));
    }
    const productIds = rows
      .filter((row) => row.entity === 'product')
      .map((row) => Number(row.entityId));
    const details = await products(productIds);
    const byProduct = new Map(productIds.map((id, i) => [id, details[i]]));
    return rows.map((row) => {
      if (row.entity === 'product') {
        return change('product', row.entityId, byProduct.get(Number(row.entityId)));
      }
      const key: Key =
        row.entity === 'category' || row.entity === 'banner' ? Number(row.entityId) : row.entityId;
      return change(row.entity, key, small.get(row.entity)?.get(key));
    });
  }

  return {
    async changes(input: SyncChangesInput): Promise<SyncChangesPage> {
      const [state, horizon] = await Promise.all([repo.state(), repo.horizon()]);
      const cursor: Cursor | undefined =
        input.since === undefined
          ? { v: 1, e: state.epoch, k: 's', h: horizon, n: 0, a: null }
          : decode(input.since);
      if (!cursor || cursor.e !== state.epoch) throw expired();

      const changes: SyncChange[] = [];
      let from: FeedPosition;
      if (cursor.k === 's') {
        // The first sync reads rows as they are now; changes from its horizon on follow as deltas.
        if (before({ tx: cursor.h, id: 0 }, state.compacted)) throw expired();
        const snapshot = await snapshotPage(cursor, input.limit);
        if (snapshot.next) {
          return { changes: snapshot.changes, next_cursor: encode(snapshot.next), has_more: true };
        }
        changes.push(...snapshot.changes);
        from = { tx: cursor.h, id: 0 };
      } else {
        from = { tx: cursor.t, id: cursor.i };
        if (before(from, state.compacted)) throw expired();
        // A position beyond the horizon was never handed out by this database.
        const tx = BigInt(from.tx);
        if (tx > BigInt(horizon) || (tx === BigInt(horizon) && from.id !== 0)) throw expired();
      }
      const delta = (position: FeedPosition) =>
        encode({ v: 1, e: state.epoch, k: 'd', t: position.tx, i: position.id });
      const room = input.limit - changes.length;
      if (room === 0) return { changes, next_cursor: delta(from), has_more: true };

      const window = await repo.changesAfter(from, horizon, room + 1, room * WINDOW_PER_CHANGE);
      const cut = window.rows.length > room;
      const rows = cut ? window.rows.slice(0, room) : window.rows;
      changes.push(...(await currentState(rows)));
      const next = cut ? (rows.at(-1)?.at as FeedPosition) : (window.windowEnd ?? from);
      return { changes, next_cursor: delta(next), has_more: cut || window.full };
    },

    /** Drops changes older than the retention (the daily compaction job); how many went. */
    compact(): Promise<number> {
      const day = 24 * 60 * 60 * 1000;
      return repo.compact(new Date(clock.now().getTime() - retentionDays * day));
    },
  };
}

export type SyncChangesService = ReturnType<typeof createSyncChangesService>;
