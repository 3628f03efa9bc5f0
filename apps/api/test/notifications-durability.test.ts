import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { apiClient } from './support/api-client';
import { startFakeExpo } from './support/fake-expo';
import { serverDatabases } from './support/server-database';
import { startServer, waitFor } from './support/server-process';
import { orderWithPhone } from './support/shop';

/*
 * An order's push is queued with the order: a process killed (-9) after the order commits and
 * before the push is sent leaves it in the queue, and the next process sends it once. Real server
 * processes (main.ts) pushing to a stand-in of Expo's service through EXPO_BASE_URL.
 */
const { cleanups, fresh } = serverDatabases('push');
const serverDatabase = async () => (await fresh()).env;

describe('a queued push outlives its process', () => {
  it('kill -9 after place-order commits: after a restart the phone gets one push', async () => {
    const expo = await startFakeExpo();
    cleanups.push(() => expo.close());
    const base = {
      ...(await serverDatabase()),
      AUTH_RATE_LIMIT_PER_IP: '1000',
      JOB_POLL_SECONDS: '0.5',
      EXPO_BASE_URL: expo.url,
      APP_DEEP_LINK_BASE: 'myshop://',
    };
    // A queues but never sends (no workers): the push is only in the queue when A dies.
    const a = await startServer({ ...base, SEED_DEMO: 'true', JOBS_ENABLED: 'false' });
    cleanups.push(() => a.kill());
    const phone = `ExponentPushToken[durable-${randomBytes(4).toString('hex')}]`;
    const { order } = await orderWithPhone(apiClient(a.url), phone);
    a.kill();
    await a.exited;
    expect(expo.pushes).toHaveLength(0);

    const b = await startServer({ ...base, JOBS_ENABLED: 'true' });
    cleanups.push(() => b.kill());
    await waitFor('the restarted server to send the push', async () => expo.pushes.length > 0);
    // Another poll or two: a second copy would show up now.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const id = order.order_id;
    expect(expo.pushes).toEqual([
      expect.objectContaining({
        to: phone,
        data: { type: 'order_placed', order_id: id, url: `myshop://orders/${id}` },
      }),
    ]);
  }, 120_000);
});
