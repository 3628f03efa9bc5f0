import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz, updatedAt } from './columns';

/**
 * Mobile-app connectivity as the admin panel sees it (docs/contract.md §4): one shop-wide row, id 1.
 * `last_heartbeat_at` moves on every explicit heartbeat and, coalesced, on authenticated requests.
 */
export const syncState = pgTable(
  'sync_state',
  {
    id: integer('id').primaryKey().default(1),
    connected: boolean('connected').notNull().default(false),
    syncEnabled: boolean('sync_enabled').notNull().default(true),
    lastStatus: text('last_status'),
    lastMessage: text('last_message'),
    lastSyncAt: timestamptz('last_sync_at'),
    lastHeartbeatAt: timestamptz('last_heartbeat_at'),
    updatedAt: updatedAt(),
  },
  (t) => [check('sync_state_single_row', sql`${t.id} = 1`)],
);
