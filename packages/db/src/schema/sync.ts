import { sql } from 'drizzle-orm';
import { bigint, check, customType, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns';

/** PostgreSQL's 64-bit transaction id (never wraps); read as its decimal text. */
const xid8 = customType<{ data: string; driverData: string }>({
  dataType: () => 'xid8',
});

export const CATALOG_ENTITIES = [
  'feature_flags',
  'currency',
  'shipping_method',
  'category',
  'banner',
  'product',
] as const;
export type CatalogEntity = (typeof CATALOG_ENTITIES)[number];

/**
 * The catalogue change feed's log (issue 29): one row per catalogue row touched, written by
 * triggers (migration 0014_sync_changes_triggers) in the same transaction as the write, so no
 * code path can forget it. `tx` is the writing transaction: the feed answers only rows of
 * transactions older than every one still running, so a change committed late is never skipped.
 * Rows name what changed, not how: the feed reads the current state when it answers.
 */
export const catalogChanges = pgTable(
  'catalog_changes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tx: xid8('tx').notNull().default(sql`pg_current_xact_id()`),
    entity: text('entity', { enum: CATALOG_ENTITIES }).notNull(),
    entityId: text('entity_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('catalog_changes_position_idx').on(t.tx, t.id)],
);

/**
 * The feed's one row (id 1): `epoch` is random per database, so a cursor of another database is
 * refused; cursors before (`compacted_tx`, `compacted_id`) point at compacted history (410).
 */
export const catalogChangeFeed = pgTable(
  'catalog_change_feed',
  {
    id: integer('id').primaryKey().default(1),
    epoch: text('epoch').notNull().default(sql`md5(random()::text || clock_timestamp()::text)`),
    compactedTx: xid8('compacted_tx').notNull().default(sql`'0'::xid8`),
    compactedId: bigint('compacted_id', { mode: 'number' }).notNull().default(0),
    compactedAt: timestamptz('compacted_at'),
  },
  (t) => [check('catalog_change_feed_single_row', sql`${t.id} = 1`)],
);
