import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../testing/index';
import { openPostgres } from './client';
import { isDatabaseUnavailableError } from './errors';
import { users } from './schema/index';

let handle: TestDatabase;

/** postgres.js returns the rows array, PGlite `{ rows }`. */
const rowsOf = (result: unknown) =>
  (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<
    string,
    unknown
  >[];
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  await handle.close();
});

describe('database factory and migrations', () => {
  it('applies every migration, including pg_trgm', async () => {
    const result = await handle.db.execute(
      sql`select extname from pg_extension where extname = 'pg_trgm'`,
    );
    expect(rowsOf(result)).toHaveLength(1);
    const similarity = await handle.db.execute(
      sql`select (similarity('hedphones', 'headphones') > 0.3) as close`,
    );
    expect(rowsOf(similarity)[0]?.close).toBe(true);
  });

  it('enforces case-insensitive unique e-mails', async () => {
    const base = { name: 'A', phone: '1', passwordHash: 'x' };
    await handle.db.insert(users).values({ ...base, email: 'Case@Example.com' });
    await expect(
      handle.db.insert(users).values({ ...base, email: 'case@example.COM' }),
    ).rejects.toThrow();
  });

  it('recognises an unreachable database', () => {
    expect(isDatabaseUnavailableError({ code: 'ECONNREFUSED' })).toBe(true);
    expect(isDatabaseUnavailableError(new Error('x', { cause: { code: '57P01' } }))).toBe(true);
    expect(isDatabaseUnavailableError({ code: '23505' })).toBe(false);
  });
});

describe('query bound on PostgreSQL', () => {
  it.skipIf(inject('testDatabase').kind !== 'postgres')(
    'sets statement_timeout from queryTimeoutMs; 0 leaves bulk work unbounded',
    async () => {
      const url = handle.url ?? '';
      for (const [queryTimeoutMs, expected] of [
        [1234, '1234ms'],
        [0, '0'],
      ] as const) {
        const bounded = openPostgres({ url, maxConnections: 1, queryTimeoutMs });
        try {
          const result = await bounded.db.execute(sql`show statement_timeout`);
          expect(rowsOf(result)).toEqual([{ statement_timeout: expected }]);
        } finally {
          await bounded.close();
        }
      }
    },
  );
});
