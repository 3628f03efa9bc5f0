import type { Executor } from '@storefront/db/client';
import { accountExports } from '@storefront/db/schema';
import { and, count, eq, gte } from 'drizzle-orm';

/** The account slice's own rows: when the customer took an export (3 a day). */
export function createAccountRepository(db: Executor) {
  return {
    async exportsSince(userId: number, since: Date): Promise<number> {
      const [row] = await db
        .select({ total: count() })
        .from(accountExports)
        .where(and(eq(accountExports.userId, userId), gte(accountExports.createdAt, since)));
      return row?.total ?? 0;
    },

    async recordExport(userId: number, now: Date): Promise<void> {
      await db.insert(accountExports).values({ userId, createdAt: now });
    },

    async eraseExports(userId: number): Promise<void> {
      await db.delete(accountExports).where(eq(accountExports.userId, userId));
    },
  };
}

export type AccountRepository = ReturnType<typeof createAccountRepository>;
