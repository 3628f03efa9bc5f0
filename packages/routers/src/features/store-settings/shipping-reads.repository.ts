import type { Executor } from '@storefront/db/client';
import { shippingMethods } from '@storefront/db/schema';
import { asc, eq } from 'drizzle-orm';

/** The active shipping methods as the catalogue shows them (not priced for a cart). */
export function activeShippingMethodRows(db: Executor) {
  return db
    .select({
      code: shippingMethods.code,
      name: shippingMethods.name,
      description: shippingMethods.description,
      rateCents: shippingMethods.rateCents,
      minSubtotalCents: shippingMethods.minSubtotalCents,
      position: shippingMethods.position,
    })
    .from(shippingMethods)
    .where(eq(shippingMethods.active, true))
    .orderBy(asc(shippingMethods.position), asc(shippingMethods.code));
}
