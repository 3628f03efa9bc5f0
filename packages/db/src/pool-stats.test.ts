import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../testing/index';

/**
 * patches/postgres@3.4.9.patch adds `sql.poolStats()` (the API's pool metrics: postgres.js
 * exposes nothing of its pool). Checked by filling a pool of two and queueing behind it.
 */
describe('the patched postgres.js pool stats (needs DATABASE_URL)', () => {
  let handle: TestDatabase;
  beforeAll(async () => {
    handle = await openTestDatabase();
  });
  afterAll(async () => {
    await handle.close();
  });

  it('counts connections in use and queries waiting for one', async (context) => {
    if (handle.kind !== 'postgres') context.skip('PGlite has no pool');
    const sql = postgres(handle.url ?? '', { max: 2, onnotice: () => {} });
    let release = () => {};
    try {
      expect(sql.poolStats()).toEqual({ max: 2, connecting: 0, idle: 0, inUse: 0, waiting: 0 });
      // Two transactions hold both connections; three more queries wait for one.
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let began = 0;
      const transactions: Promise<unknown>[] = [];
      const allBegan = new Promise<void>((resolve) => {
        const hold = () =>
          sql.begin(async (tx) => {
            await tx`select 1`;
            began += 1;
            if (began === 2) resolve();
            await held;
          });
        transactions.push(hold(), hold());
      });
      await allBegan;
      // postgres.js sends a query when it is awaited or executed.
      const waiting = [sql`select 1`.execute(), sql`select 2`.execute(), sql`select 3`.execute()];
      await new Promise((resolve) => setImmediate(resolve)); // they reach the pool a tick later
      expect(sql.poolStats()).toMatchObject({ max: 2, inUse: 2, waiting: 3 });
      release();
      await Promise.all([...transactions, ...waiting]);
      expect(sql.poolStats()).toMatchObject({ inUse: 0, waiting: 0, idle: 2 });
    } finally {
      release();
      await sql.end();
    }
  });
});
