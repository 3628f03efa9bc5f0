import { syncState } from '@storefront/db/schema';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, registerCustomer, type TestApp } from './harness';

let now = Date.now();
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ clock: { now: () => new Date(now) } });
  ({ token } = await registerCustomer(t));
  // Registration is not an authenticated request, so there is no heartbeat yet.
});
afterAll(async () => {
  await t.close();
});

const NAIVE_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;

describe('GET /system/api-sync/status and POST /system/api-sync/heartbeat', () => {
  it('needs a token', async () => {
    expect((await t.request('GET', '/system/api-sync/status')).status).toBe(401);
    const res = await t.request('POST', '/system/api-sync/heartbeat', {
      body: { connected: true },
    });
    expect(res.status).toBe(401);
  });

  it('before any heartbeat: not connected, bare object without envelope', async () => {
    const res = await t.request('GET', '/system/api-sync/status', { token });
    expect(res.status).toBe(200);
    expect(res.body).not.toHaveProperty('success');
    expect(res.body).toMatchObject({ connected: false, sync_enabled: true, last_sync_at: null });
    expect(res.body.last_checked_at).toMatch(NAIVE_UTC);
    // Reading the status is not a heartbeat.
    expect(await t.db.select().from(syncState)).toHaveLength(0);
  });

  it('after a heartbeat: connected with the reported fields, datetimes without offset', async () => {
    // An hour before the test's clock, to the second.
    const lastSyncAt = new Date(now - 3_600_000).toISOString().slice(0, 19);
    const res = await t.request('POST', '/system/api-sync/heartbeat', {
      token,
      body: {
        connected: true,
        sync_enabled: true,
        last_status: 'success',
        last_message: 'Synced 12 products',
        last_sync_at: `${lastSyncAt}Z`,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    const status = await t.request('GET', '/system/api-sync/status', { token });
    expect(status.body).toMatchObject({
      connected: true,
      last_status: 'success',
      last_message: 'Synced 12 products',
      last_sync_at: lastSyncAt,
    });
    expect(status.body.last_checked_at).toBe(new Date(now).toISOString().slice(0, 19));
  });

  it('after the 120 s window: no longer connected', async () => {
    now += 121_000;
    const status = await t.request('GET', '/system/api-sync/status', { token });
    expect(status.body.connected).toBe(false);
  });

  it('any authenticated customer request counts as a heartbeat', async () => {
    now += 20_000; // past the coalescing interval of the explicit heartbeat
    expect((await t.request('GET', '/auth/me', { token })).status).toBe(200);
    await vi.waitFor(async () => {
      const status = await t.request('GET', '/system/api-sync/status', { token });
      expect(status.body.connected).toBe(true);
    });
    const [row] = await t.db.select().from(syncState);
    expect(row?.lastHeartbeatAt?.getTime()).toBe(now);
  });

  it('validates the heartbeat body', async () => {
    const res = await t.request('POST', '/system/api-sync/heartbeat', {
      token,
      body: { connected: 'yes', last_sync_at: 'yesterday' },
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['connected', 'last_sync_at']);
  });
});

describe('SYNC_IMPLICIT_HEARTBEAT=false (implicitHeartbeat: false)', () => {
  it('customer requests no longer write a heartbeat; the explicit one still does', async () => {
    const quiet = await createTestApp({ config: { implicitHeartbeat: false } });
    try {
      const customer = await registerCustomer(quiet);
      expect((await quiet.request('GET', '/auth/me', { token: customer.token })).status).toBe(200);
      expect((await quiet.request('GET', '/cart', { token: customer.token })).status).toBe(200);
      // touch() would have started its write before the response; give it time to land.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await quiet.db.select().from(syncState)).toEqual([]);

      const explicit = await quiet.request('POST', '/system/api-sync/heartbeat', {
        token: customer.token,
        body: { connected: true },
      });
      expect(explicit.status).toBe(200);
      expect(await quiet.db.select().from(syncState)).toHaveLength(1);
    } finally {
      await quiet.close();
    }
  });
});
