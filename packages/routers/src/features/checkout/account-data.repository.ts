import type { Executor } from '@storefront/db/client';
import { idempotencyKeys } from '@storefront/db/schema';
import { eq } from 'drizzle-orm';

/** The checkout slice's part of an account's deletion: its recorded Idempotency-Keys. */
export async function eraseIdempotencyKeys(db: Executor, userId: number): Promise<void> {
  await db.delete(idempotencyKeys).where(eq(idempotencyKeys.userId, userId));
}
