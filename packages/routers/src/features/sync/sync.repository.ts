import type { Executor } from '@storefront/db/client';
import { syncState } from '@storefront/db/schema';
import { sql } from 'drizzle-orm';

export interface SyncRecord {
  connected: boolean;
  syncEnabled: boolean;
  lastStatus: string | null;
  lastMessage: string | null;
  lastSyncAt: Date | null;
  lastHeartbeatAt: Date | null;
}

export type SyncChanges = Partial<Omit<SyncRecord, 'lastHeartbeatAt'>> & { lastHeartbeatAt: Date };

export function createSyncRepository(db: Executor) {
  return {
    async read(): Promise<SyncRecord | undefined> {
      const [row] = await db
        .select({
          connected: syncState.connected,
          syncEnabled: syncState.syncEnabled,
          lastStatus: syncState.lastStatus,
          lastMessage: syncState.lastMessage,
          lastSyncAt: syncState.lastSyncAt,
          lastHeartbeatAt: syncState.lastHeartbeatAt,
        })
        .from(syncState);
      return row;
    },

    /** Upserts the single row; the heartbeat time never moves backwards across instances. */
    async record(changes: SyncChanges): Promise<void> {
      await db
        .insert(syncState)
        .values({ id: 1, ...changes })
        .onConflictDoUpdate({
          target: syncState.id,
          set: {
            ...changes,
            lastHeartbeatAt: sql`greatest(${syncState.lastHeartbeatAt}, excluded.last_heartbeat_at)`,
          },
        });
    },
  };
}

export type SyncRepository = ReturnType<typeof createSyncRepository>;
