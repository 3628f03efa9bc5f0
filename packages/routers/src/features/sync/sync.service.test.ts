import { describe, expect, it } from 'vitest';
import type { SyncChanges, SyncRecord, SyncRepository } from './sync.repository';
import { createSyncService, HEARTBEAT_WRITE_INTERVAL_MS } from './sync.service';

function fakeRepo() {
  const writes: SyncChanges[] = [];
  let state: SyncRecord | undefined;
  const repo: SyncRepository = {
    async read() {
      return state;
    },
    async record(changes) {
      writes.push(changes);
      state = {
        connected: false,
        syncEnabled: true,
        lastStatus: null,
        lastMessage: null,
        lastSyncAt: null,
        ...state,
        ...changes,
      };
    },
  };
  return { repo, writes };
}

describe('sync heartbeat coalescing', () => {
  it('writes at most once per 15 s per instance however many requests arrive', async () => {
    let now = Date.parse('2026-11-22T20:00:00Z');
    const { repo, writes } = fakeRepo();
    const sync = createSyncService({ repo, clock: { now: () => new Date(now) } });
    for (let i = 0; i < 500; i++) sync.touch();
    expect(writes).toHaveLength(1);
    now += HEARTBEAT_WRITE_INTERVAL_MS - 1;
    sync.touch();
    expect(writes).toHaveLength(1);
    now += 1;
    sync.touch();
    sync.touch();
    expect(writes).toHaveLength(2);
  });

  it('an explicit heartbeat always writes and restarts the coalescing interval', async () => {
    const now = Date.parse('2026-11-22T20:00:00Z');
    const { repo, writes } = fakeRepo();
    const sync = createSyncService({ repo, clock: { now: () => new Date(now) } });
    await sync.heartbeat({ connected: true });
    await sync.heartbeat({ connected: true });
    sync.touch();
    expect(writes).toHaveLength(2);
  });

  it('retries on the next request when a background write failed', async () => {
    const now = Date.parse('2026-11-22T20:00:00Z');
    const failures: unknown[] = [];
    let calls = 0;
    const repo: SyncRepository = {
      read: async () => undefined,
      record: async () => {
        calls += 1;
        if (calls === 1) throw new Error('database down');
      },
    };
    const sync = createSyncService({
      repo,
      clock: { now: () => new Date(now) },
      onBackgroundError: (error) => failures.push(error),
    });
    sync.touch();
    await new Promise((resolve) => setImmediate(resolve));
    expect(failures).toHaveLength(1);
    sync.touch();
    expect(calls).toBe(2);
  });
});
