import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../testing/index';

/**
 * patches/postgres@3.4.9.patch fixes postgres.js's connection queue (docs/performance.md: it
 * cost a quarter of the API's CPU under load). A version bump drops a patch silently; this
 * says so, and checks the patched queue still behaves as a queue.
 */
describe('the patched postgres.js transactions (needs DATABASE_URL)', () => {
  let handle: TestDatabase;
  beforeAll(async () => {
    handle = await openTestDatabase();
  });
  afterAll(async () => {
    await handle.close();
  });

  it('reserves the connection of a BEGIN that fills the pipeline (upstream #823, #1189)', async (context) => {
    if (handle.kind !== 'postgres') context.skip('PGlite has no pool');
    // max_pipeline: 0 makes every BEGIN fill the pipeline: unpatched, every transaction
    // failed with UNSAFE_TRANSACTION and left its connection in the pool mid-transaction.
    // (max_pipeline is a postgres.js option its types leave out.)
    const options = { max: 2, max_pipeline: 0, onnotice: () => {} } as postgres.Options<
      Record<string, never>
    >;
    const sql = postgres(handle.url ?? '', options);
    try {
      const own = async () =>
        sql.begin(async (tx) => {
          const [first] = await tx`select txid_current()::text as id`;
          await tx`select pg_sleep(0.005)`;
          const [second] = await tx`select txid_current()::text as id`;
          return [first?.id, second?.id];
        });
      // Transactions and plain queries at once, on two connections.
      const results = await Promise.all([
        ...Array.from({ length: 20 }, own),
        ...Array.from({ length: 20 }, () => sql`select 1 as one`),
      ]);
      const transactions = results.slice(0, 20) as [string, string][];
      for (const [first, second] of transactions) expect(second).toBe(first);
      expect(new Set(transactions.map(([id]) => id)).size).toBe(20);
    } finally {
      await sql.end({ timeout: 5 });
    }
  });
});

describe('the patched postgres.js queue', () => {
  const queueFile = join(dirname(fileURLToPath(import.meta.resolve('postgres'))), 'queue.js');

  it('is the patched one', () => {
    expect(readFileSync(queueFile, 'utf8')).toContain('xs.indexOf(x, index)');
  });

  it('is first in, first out; removes from anywhere; never yields a removed item', async () => {
    const { default: Queue } = (await import(queueFile)) as {
      default: <T>() => {
        length: number;
        push(x: T): T;
        shift(): T | undefined;
        remove(x: T): T | null;
      };
    };
    const queue = Queue<number>();
    const model: number[] = [];
    // A queue that never drains (a busy pool): interleaved pushes, shifts and removes.
    for (let i = 0; i < 20_000; i++) {
      queue.push(i);
      model.push(i);
      if (i % 3 === 0) expect(queue.shift()).toBe(model.shift());
      if (i % 7 === 0 && model.length > 2) {
        const victim = model[1] as number;
        expect(queue.remove(victim)).toBe(victim);
        model.splice(1, 1);
      }
      expect(queue.length).toBe(model.length);
    }
    expect(queue.remove(-1)).toBeNull();
    while (model.length > 0) expect(queue.shift()).toBe(model.shift());
    expect(queue.length).toBe(0);
    expect(queue.shift()).toBeUndefined();
    expect(queue.length).toBe(0);
  });
});
