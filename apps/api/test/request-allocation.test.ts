import { Session } from 'node:inspector/promises';
import { Worker } from 'node:worker_threads';
import { seedStoreSetup } from '@storefront/db/seed/store-setup';
import { createProduct } from '@storefront/db/testing/factories';
import { describe, expect, it } from 'vitest';
import { createTestApp } from './harness';

/**
 * A measurement, not a check (docs/performance.md, "Issue 42"): the JavaScript bytes the server
 * allocates per request, from V8's sampling heap profiler with the objects young and full
 * collections freed counted in. The client runs in a worker thread (its own heap), so only the
 * server's allocations are sampled. Runs only with MEASURE_ALLOCATION=1:
 * `MEASURE_ALLOCATION=1 npx vitest run test/request-allocation.test.ts`.
 */
const REQUESTS = Number(process.env.MEASURE_REQUESTS ?? 3000);
const IN_FLIGHT = 10;

/** Fires `count` GETs of `path` (with `headers`), IN_FLIGHT at a time, on keep-alive sockets. */
const CLIENT = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const agent = new http.Agent({ keepAlive: true, maxSockets: workerData.inFlight });
let sent = 0, done = 0, failed = 0;
function one() {
  if (sent >= workerData.count) return;
  sent++;
  const req = http.get(workerData.url, { agent, headers: workerData.headers }, (res) => {
    if (res.statusCode !== workerData.status) failed++;
    res.resume();
    res.on('end', () => { done++; if (done === workerData.count) { agent.destroy(); parentPort.postMessage({ failed }); } else one(); });
  });
  // A keep-alive socket the server closed as it was reused: ask again.
  req.on('error', () => { sent--; one(); });
}
for (let i = 0; i < workerData.inFlight; i++) one();
`;

function fire(url: string, count: number, status: number, headers: Record<string, string> = {}) {
  return new Promise<{ failed: number }>((resolve, reject) => {
    const worker = new Worker(CLIENT, {
      eval: true,
      workerData: { url, count, status, headers, inFlight: IN_FLIGHT },
    });
    worker.once('message', (message) => {
      void worker.terminate();
      resolve(message);
    });
    worker.once('error', reject);
  });
}

interface ProfileNode {
  callFrame: { url: string };
  selfSize: number;
  children: ProfileNode[];
}

const BUCKETS: Array<[string, RegExp]> = [
  ['tRPC', /@trpc\/server/],
  ['trpc-to-openapi', /trpc-to-openapi/],
  ['express', /\/(express|router|body-parser|qs|helmet|send|finalhandler)\//],
  ['postgres.js', /\/postgres\//],
  ['drizzle', /drizzle-orm/],
  ['PGlite', /pglite/],
  ['zod', /\/zod\//],
  ['ours', /\/(packages|apps)\/[^/]+\/src\//],
  ['node', /^node:|^$/],
];

function bytesByBucket(head: ProfileNode): Map<string, number> {
  const totals = new Map<string, number>();
  const walk = (node: ProfileNode) => {
    const bucket = BUCKETS.find(([, pattern]) => pattern.test(node.callFrame.url))?.[0] ?? 'other';
    totals.set(bucket, (totals.get(bucket) ?? 0) + node.selfSize);
    for (const child of node.children) walk(child);
  };
  walk(head);
  return totals;
}

describe.runIf(process.env.MEASURE_ALLOCATION)('allocation per request (measurement)', () => {
  it('samples the server while a worker asks the product detail, full and revalidated', async () => {
    // A still clock: the catalogue's ETag also carries the minute (catalog-version.ts windowMs).
    const at = new Date();
    const t = await createTestApp({ clock: { now: () => at } });
    await seedStoreSetup(t.db);
    const product = await createProduct(t.db, { priceCents: 1500 });
    const server = await t.listen();
    const url = `${server.baseUrl}/api/v1/products/${product.id}`;
    const session = new Session();
    session.connect();
    try {
      const etag = (await fetch(url)).headers.get('etag') ?? '';
      const cases: Array<[string, number, Record<string, string>]> = [
        ['product detail', 200, {}],
        ['product detail, If-None-Match', 304, { 'If-None-Match': etag }],
      ];
      for (const [name, status, headers] of cases) {
        expect((await fire(url, Math.min(500, REQUESTS), status, headers)).failed).toBe(0); // warm-up
        await session.post('HeapProfiler.startSampling', {
          samplingInterval: 128,
          includeObjectsCollectedByMajorGC: true,
          includeObjectsCollectedByMinorGC: true,
        });
        const { failed } = await fire(url, REQUESTS, status, headers);
        const { profile } = await session.post('HeapProfiler.stopSampling');
        expect(failed).toBe(0);
        const buckets = bytesByBucket(profile.head as unknown as ProfileNode);
        const total = [...buckets.values()].reduce((sum, bytes) => sum + bytes, 0);
        const kb = (bytes: number) => (bytes / REQUESTS / 1024).toFixed(1);
        const parts = [...buckets.entries()]
          .sort((a, b) => b[1] - a[1])
          .map(([bucket, bytes]) => `${bucket} ${kb(bytes)}`)
          .join(', ');
        console.log(`${name}: ${kb(total)} KB allocated per request (${parts})`);
      }
    } finally {
      session.disconnect();
      await server.close();
      await t.database.close();
    }
  }, 1_200_000);
});
