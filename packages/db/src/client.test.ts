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

describe('query bound on PostgreSQL (needs DATABASE_URL)', () => {
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

describe('PostgreSQL client (needs DATABASE_URL)', () => {
  it('prepares drizzle statements inside transactions too', async (context) => {
    if (handle.kind !== 'postgres') context.skip('PGlite has no named statements');
    // pg_prepared_statements lists the named statements of this connection: the transaction's.
    const names = await handle.db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(sql`${users.email} = ${'nobody'}`);
      return rowsOf(
        await tx.execute(sql`select statement from pg_prepared_statements where not from_sql`),
      ).map((row) => String(row.statement));
    });
    expect(names.some((statement) => statement.includes(`where "users"."email" = $1`))).toBe(true);
  });
});
