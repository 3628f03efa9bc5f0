import type { Executor } from '@storefront/db/client';
import { carts } from '@storefront/db/schema';
import { eq } from 'drizzle-orm';

/** The customer whose checkout a gateway order was issued for (its cart says). */
export async function gatewayOrderOwner(
  db: Executor,
  gatewayOrderId: string,
): Promise<number | undefined> {
  const [row] = await db
    .select({ userId: carts.userId })
    .from(carts)
    .where(eq(carts.gatewayOrderId, gatewayOrderId));
  return row?.userId ?? undefined;
}
