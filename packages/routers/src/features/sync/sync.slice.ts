import type { Executor } from '@storefront/db/client';
import type { Clock } from '../../ports';
import type { CatalogReaders } from './changes.service';
import { createSyncChangesSlice } from './changes.slice';
import { createSyncRepository } from './sync.repository';
import { createSyncService } from './sync.service';

/**
 * The sync slice: the app's connection (heartbeat, and the status the admin panel shows) and the
 * catalogue change feed offline apps follow (docs/offline.md).
 */
export function createSyncSlice(deps: {
  db: Executor;
  clock: Clock;
  reportBackgroundError?: ((error: unknown) => void) | undefined;
  /** The read endpoints' own answers, which the feed hands out (uncached: see changes.service.ts). */
  readers: CatalogReaders;
  /** Days the change feed keeps its changes (SYNC_RETENTION_DAYS). */
  retentionDays: number;
}) {
  const { db, clock } = deps;
  return {
    connection: createSyncService({
      repo: createSyncRepository(db),
      clock,
      ...(deps.reportBackgroundError ? { onBackgroundError: deps.reportBackgroundError } : {}),
    }),
    feed: createSyncChangesSlice({
      db,
      readers: deps.readers,
      clock,
      retentionDays: deps.retentionDays,
    }),
  };
}
