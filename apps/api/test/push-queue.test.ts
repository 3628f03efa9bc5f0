import { PUSH_QUEUE, type PushJob } from '@storefront/routers';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BACKLOG_BATCH_SIZE, startJobWorkers } from '../src/jobs';
import { createTestApp, type TestApp } from './harness';

/*
 * A backlog of pushes (one per order placed, shipped, …) is worked in batches, like the mail
 * queue: each worker takes BACKLOG_BATCH_SIZE jobs per fetch and, while fetches come back full,
 * fetches again at once. At one job per fetch the queue drained at JOB_CONCURRENCY /
 * JOB_POLL_SECONDS pushes/s (2/s by default) and fell minutes behind a shop taking 40 orders/s
 * (docs/performance.md, "The push queue's batches").
 */

let t: TestApp;
let openGate: () => void = () => {};
const gate = new Promise<void>((resolve) => {
  openGate = resolve;
});
let inFlight = 0;
let mostInFlight = 0;
const delivered: number[] = [];

beforeAll(async () => {
  t = await createTestApp({ jobWorkers: false });
});
afterAll(async () => {
  openGate();
  await t.close();
});

describe('the push queue under a backlog', () => {
  it('two workers take full batches, and the rest goes without waiting out a 60 s poll', async () => {
    const jobs = t.jobs;
    if (!jobs) throw new Error('the test app has a job queue');
    const backlog = 3 * BACKLOG_BATCH_SIZE;
    for (let orderId = 1; orderId <= backlog; orderId += 1) {
      await jobs.send(PUSH_QUEUE, {
        kind: 'order',
        type: 'order_placed',
        orderId,
      } satisfies PushJob);
    }
    // The push service stalls until the gate opens, so what each worker took shows at once.
    const notifications = {
      ...t.services.notifications,
      async deliver(job: { id: string; data: PushJob }) {
        inFlight += 1;
        mostInFlight = Math.max(mostInFlight, inFlight);
        await gate;
        inFlight -= 1;
        delivered.push(job.data.kind === 'order' ? job.data.orderId : 0);
      },
    };
    await startJobWorkers(jobs, { ...t.services, notifications }, pino({ level: 'silent' }), {
      concurrency: 2,
      pollSeconds: 60,
    });
    await vi.waitFor(() => expect(inFlight).toBe(2 * BACKLOG_BATCH_SIZE), {
      timeout: 10_000,
      interval: 50,
    });
    openGate();
    // Full batches came back: the workers fetch the last batch at once, not a minute later.
    await vi.waitFor(() => expect(delivered).toHaveLength(backlog), {
      timeout: 20_000,
      interval: 50,
    });
    expect(new Set(delivered).size).toBe(backlog);
    expect(mostInFlight).toBe(2 * BACKLOG_BATCH_SIZE);
  }, 60_000);
});
