import type { Executor } from '@storefront/db/client';
import { type CatalogEntity, catalogChangeFeed, catalogChanges } from '@storefront/db/schema';
import { rowsOf } from '@storefront/db/sql';
import { eq, sql } from 'drizzle-orm';
import { activeProductIdsAfter } from '../catalog/index';
import { activeShippingMethodRows } from '../store-settings/index';

/** A place in the change log: (writing transaction, row id), compared as a pair. */
export interface FeedPosition {
  tx: string;
  id: number;
}

export interface FeedState {
  epoch: string;
  /** Rows up to here were compacted; a cursor before it lost changes (410). */
  compacted: FeedPosition;
}

export interface ChangedRow {
  entity: CatalogEntity;
  entityId: string;
  /** The row's latest change in the window read. */
  at: FeedPosition;
}

export interface ChangesWindow {
  /** One entry per (entity, id), in the order of their latest change. */
  rows: ChangedRow[];
  /** The last change of the window, when the window was read to its end. */
  windowEnd: FeedPosition | undefined;
  /** The window held `windowSize` changes: there may be more after it. */
  full: boolean;
}

export interface ShippingMethodRow {
  code: string;
  name: string;
  description: string;
  rateCents: number;
  minSubtotalCents: number | null;
  position: number;
}

const position = (tx: string, id: number | string): FeedPosition => ({ tx, id: Number(id) });

export function createChangesRepository(db: Executor) {
  return {
    /** The feed's row; created by the migration, and again here should it be missing. */
    async state(): Promise<FeedState> {
      let [row] = await db
        .select({
          epoch: catalogChangeFeed.epoch,
          tx: catalogChangeFeed.compactedTx,
          id: catalogChangeFeed.compactedId,
        })
        .from(catalogChangeFeed)
        .where(eq(catalogChangeFeed.id, 1));
      if (!row) {
        await db.insert(catalogChangeFeed).values({ id: 1 }).onConflictDoNothing();
        return this.state();
      }
      row = row as NonNullable<typeof row>;
      return { epoch: row.epoch, compacted: position(row.tx, row.id) };
    },

    /**
     * Transactions below this id have all ended, and no new one can get an id below it: the log's
     * rows under it are final. Rows of a transaction still running, even one that started before
     * a later one committed, are at or above it, so the feed waits for them instead of passing
     * them (issue 29, "never skip a change"). Only transactions that wrote hold it back.
     */
    async horizon(): Promise<string> {
      const result = await db.execute(
        sql`select pg_snapshot_xmin(pg_current_snapshot())::text as horizon`,
      );
      return rowsOf<{ horizon: string }>(result)[0]?.horizon as string;
    },

    /**
     * The changes after `after` and below the horizon, coalesced: of the first `windowSize` log
     * rows, one entry per (entity, id) with its latest change, ordered by it; at most `limit`.
     */
    async changesAfter(
      after: FeedPosition,
      horizon: string,
      limit: number,
      windowSize: number,
    ): Promise<ChangesWindow> {
      const result = await db.execute(sql`
        with window_rows as (
          select entity, entity_id, tx, id from ${catalogChanges}
          where (tx, id) > (${after.tx}::xid8, ${after.id}::bigint)
            and tx < ${horizon}::xid8
          order by tx, id
          limit ${windowSize}
        ),
        latest as (
          select distinct on (entity, entity_id) entity, entity_id, tx, id
          from window_rows
          order by entity, entity_id, tx desc, id desc
        ),
        window_end as (
          select count(*)::int as window_rows,
            (array_agg(tx::text order by tx desc, id desc))[1] as end_tx,
            (array_agg(id order by tx desc, id desc))[1]::text as end_id
          from window_rows
        )
        select l.entity, l.entity_id, l.tx::text as tx, l.id::text as id,
          e.window_rows, e.end_tx, e.end_id
        from window_end e left join (
          select * from latest order by tx, id limit ${limit}
        ) l on true
        order by l.tx, l.id
      `);
      const rows = rowsOf<{
        entity: CatalogEntity | null;
        entity_id: string | null;
        tx: string | null;
        id: string | null;
        window_rows: number;
        end_tx: string | null;
        end_id: string | null;
      }>(result);
      const first = rows[0];
      const windowRows = first?.window_rows ?? 0;
      return {
        rows: rows
          .filter((row) => row.entity !== null)
          .map((row) => ({
            entity: row.entity as CatalogEntity,
            entityId: row.entity_id as string,
            at: position(row.tx as string, row.id as string),
          })),
        windowEnd: first?.end_tx && first.end_id ? position(first.end_tx, first.end_id) : undefined,
        full: windowRows >= windowSize,
      };
    },

    /** Active products' ids after `afterId`, ascending (the first sync's pages). */
    liveProductIds(afterId: number, limit: number): Promise<number[]> {
      return activeProductIdsAfter(db, afterId, limit);
    },

    /** The active shipping methods as the catalogue shows them (not priced for a cart). */
    shippingMethods(): Promise<ShippingMethodRow[]> {
      return activeShippingMethodRows(db);
    },

    /**
     * Drops the changes older than `before` that every reader's horizon has passed, up to the
     * first one that must stay, and moves the compaction mark there: a cursor before the mark
     * answers 410. Returns how many rows went.
     */
    async compact(before: Date): Promise<number> {
      const result = await db.execute(sql`
        with keep as (
          select tx, id from ${catalogChanges}
          where created_at >= ${before.toISOString()}::timestamptz
             or tx >= pg_snapshot_xmin(pg_current_snapshot())
          order by tx, id limit 1
        ),
        gone as (
          delete from ${catalogChanges} c
          where not exists (select 1 from keep k where (c.tx, c.id) >= (k.tx, k.id))
          returning c.tx, c.id
        ),
        mark as (
          select tx, id from gone order by tx desc, id desc limit 1
        ),
        moved as (
          update ${catalogChangeFeed} f set compacted_tx = m.tx, compacted_id = m.id,
            compacted_at = now()
          from mark m where f.id = 1
          returning 1
        )
        select (select count(*)::int from gone) as dropped
      `);
      return rowsOf<{ dropped: number }>(result)[0]?.dropped ?? 0;
    },
  };
}

export type ChangesRepository = ReturnType<typeof createChangesRepository>;
