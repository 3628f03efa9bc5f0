/** The sync slice's public surface: what other slices and the app may use (docs/architecture.md). */

export { SYNC_COMPACTION_QUEUE, type SyncChangesSlice } from './changes.slice';
export { syncAdminRouter } from './sync.admin.router';
export { syncRouter } from './sync.router';
export { ZSyncStatus } from './sync.schemas';
export type { SyncService } from './sync.service';
export { createSyncSlice } from './sync.slice';
