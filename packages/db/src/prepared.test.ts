import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../testing/index';
import { preparedQueries } from './prepared';
import { users } from './schema/index';

let handle: TestDatabase;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  await handle.close();
});

const userQueries = preparedQueries((db) => ({
  byEmail: db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, sql.placeholder('email')))
    .prepare('user_by_email'),
}));

const newUser = (email: string) => ({ name: 'P', email, phone: '1', passwordHash: 'x' });

describe('preparedQueries', () => {
  it('runs a query built once inside each transaction it is given, and on the pool', async () => {
    const { db } = handle;
    expect(await userQueries.on(db).byEmail.execute({ email: 'a@example.com' })).toEqual([]);
    // Inside a transaction the query must see the transaction's own uncommitted row (PostgreSQL)
    // and must not wait for the pool (PGlite's single connection is held by the transaction).
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(users).values(newUser('a@example.com'));
        const seen = await userQueries.on(tx).byEmail.execute({ email: 'a@example.com' });
        expect(seen).toHaveLength(1);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await userQueries.on(db).byEmail.execute({ email: 'a@example.com' })).toEqual([]);

    await db.transaction(async (tx) => {
      await tx.insert(users).values(newUser('b@example.com'));
      expect(await userQueries.on(tx).byEmail.execute({ email: 'b@example.com' })).toHaveLength(1);
    });
    expect(await userQueries.on(db).byEmail.execute({ email: 'b@example.com' })).toHaveLength(1);
  });
});
