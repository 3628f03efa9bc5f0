import type { Clock } from '../../ports';
import type { SyncRepository } from './sync.repository';
import { type HeartbeatInput, SYNC_WINDOW_SECONDS, type SyncStatus } from './sync.schemas';

/** At most one implicit heartbeat write per instance in this many milliseconds. */
export const HEARTBEAT_WRITE_INTERVAL_MS = 15_000;

const naiveUtc = (date: Date) => date.toISOString().slice(0, 19);

export interface SyncServiceDeps {
  repo: SyncRepository;
  clock: Clock;
  /** Where a failed background write is reported (it never fails the request). */
  onBackgroundError?: (error: unknown) => void;
}

export function createSyncService({ repo, clock, onBackgroundError }: SyncServiceDeps) {
  // Per-instance coalescing state: the 120 s window holds with a write every 15 s at most.
  let lastImplicitWriteAt = Number.NEGATIVE_INFINITY;

  return {
    async status(): Promise<SyncStatus> {
      const now = clock.now();
      const state = await repo.read();
      const heartbeatAge = state?.lastHeartbeatAt
        ? (now.getTime() - state.lastHeartbeatAt.getTime()) / 1000
        : Number.POSITIVE_INFINITY;
      return {
        connected: (state?.connected ?? false) && heartbeatAge <= SYNC_WINDOW_SECONDS,
        sync_enabled: state?.syncEnabled ?? true,
        last_sync_at: state?.lastSyncAt ? naiveUtc(state.lastSyncAt) : null,
        last_status: state?.lastStatus ?? (state ? 'ok' : 'never'),
        last_message: state?.lastMessage ?? (state ? '' : 'No heartbeat received yet.'),
        last_checked_at: naiveUtc(now),
      };
    },

    /** The explicit heartbeat from the app: always written. */
    async heartbeat(input: HeartbeatInput): Promise<void> {
      const now = clock.now();
      await repo.record({
        lastHeartbeatAt: now,
        connected: input.connected,
        ...(input.sync_enabled !== undefined ? { syncEnabled: input.sync_enabled } : {}),
        ...(input.last_status !== undefined ? { lastStatus: input.last_status } : {}),
        ...(input.last_message !== undefined ? { lastMessage: input.last_message } : {}),
        ...(input.last_sync_at !== undefined ? { lastSyncAt: new Date(input.last_sync_at) } : {}),
      });
      lastImplicitWriteAt = now.getTime();
    },

    /**
     * Every authenticated request counts as a heartbeat (docs/contract.md §5). Coalesced: returns at once
     * without touching the database unless 15 s have passed since this instance last wrote.
     */
    touch(): void {
      const now = clock.now();
      if (now.getTime() - lastImplicitWriteAt < HEARTBEAT_WRITE_INTERVAL_MS) return;
      lastImplicitWriteAt = now.getTime();
      repo.record({ lastHeartbeatAt: now, connected: true }).catch((error: unknown) => {
        lastImplicitWriteAt = Number.NEGATIVE_INFINITY;
        onBackgroundError?.(error);
      });
    },
  };
}

export type SyncService = ReturnType<typeof createSyncService>;
