import type { Executor } from '@storefront/db/client';
import type { Clock } from '../../ports';
import { createChangesRepository } from './changes.repository';
import { type CatalogReaders, createSyncChangesService } from './changes.service';

/** The daily job that compacts the change log (SYNC_RETENTION_DAYS). */
export const SYNC_COMPACTION_QUEUE = 'sync-changes-compaction';

/** The catalogue change feed (issue 29): GET /sync/changes and its daily compaction. */
export function createSyncChangesSlice(deps: {
  db: Executor;
  readers: CatalogReaders;
  clock: Clock;
  retentionDays: number;
}) {
  return createSyncChangesService({
    repo: createChangesRepository(deps.db),
    readers: deps.readers,
    clock: deps.clock,
    retentionDays: deps.retentionDays,
  });
}

export type SyncChangesSlice = ReturnType<typeof createSyncChangesSlice>;
