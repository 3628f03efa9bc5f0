import type { Executor } from '../client';
import { coupons, paymentMethods, shippingMethods, taxRules } from '../schema/index';

/**
 * The store configuration a checkout needs (docs/contract.md §6 demo seed): shipping methods `flatrate`
 * and `free` (over 50.00), payment methods `card`, `wallet` and `cod`, tax rates (the `*` row is
 * the default) and the WELCOME10 coupon. Idempotent: existing rows are left as they are.
 */
export async function seedStoreSetup(db: Executor): Promise<void> {
  await db
    .insert(shippingMethods)
    .values([
      {
        code: 'flatrate',
        name: 'Standard delivery',
        description: 'Delivered in 3–5 working days.',
        rateCents: 499,
        position: 0,
      },
      {
        code: 'free',
        name: 'Free delivery',
        description: 'Free on orders of 50.00 or more (after discounts), 3–5 working days.',
        rateCents: 0,
        minSubtotalCents: 5000,
        position: 1,
      },
    ])
    .onConflictDoNothing();
  await db
    .insert(paymentMethods)
    .values([
      {
        code: 'card',
        name: 'Credit or debit card',
        description: 'Pay securely by card.',
        type: 'card',
        position: 0,
      },
      {
        code: 'wallet',
        name: 'Wallet or bank transfer',
        description: 'Pay with a digital wallet or your bank.',
        type: 'gateway',
        position: 1,
      },
      {
        code: 'cod',
        name: 'Cash on delivery',
        description: 'Pay when your order arrives.',
        type: 'offline',
        position: 2,
      },
    ])
    .onConflictDoNothing();
  await db
    .insert(taxRules)
    .values(
      // One rate per country for every region and category (docs/tax.md); `*` is the default.
      (
        [
          ['*', 'Standard rate', 1000],
          ['GB', 'UK VAT', 2000],
          ['DE', 'German VAT', 1900],
          ['FR', 'French VAT', 2000],
          ['US', 'US sales tax (average)', 825],
        ] as const
      ).map(([country, name, rateBasisPoints]) => ({
        country,
        region: '*',
        taxCategoryId: null,
        components: [{ name, rateBasisPoints }],
      })),
    )
    .onConflictDoNothing();
  await db
    .insert(coupons)
    .values({
      code: 'WELCOME10',
      description: '10 % off your order',
      type: 'percentage',
      value: 10,
    })
    .onConflictDoNothing();
}
