import type { Executor } from '@storefront/db/client';
import { addresses } from '@storefront/db/schema';
import { asc, eq } from 'drizzle-orm';

/** The address book's part of an account's deletion and export (the account slice composes). */

export async function eraseAddresses(db: Executor, userId: number): Promise<void> {
  await db.delete(addresses).where(eq(addresses.userId, userId));
}

export function exportAddresses(db: Executor, userId: number) {
  return db.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(asc(addresses.id));
}
