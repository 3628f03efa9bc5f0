import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldersAround, openEmpty } from '../testing/migrations';
import type { DatabaseHandle } from './client';
import { runMigrations } from './migrate';

/*
 * Migration 0025 (issue 38): orders cancelled before the refund ledger get one `cancel` row
 * each — what the cancel gave back, or (unpaid) what cash on delivery no longer collects — their
 * units marked cancelled and the order's counters set; orders still open get nothing.
 */

const TAG = '0025_order_refunds';

const rowsOf = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

describe(`migration ${TAG}`, () => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  let folders: ReturnType<typeof foldersAround>;
  beforeAll(async () => {
    folders = foldersAround(TAG);
    ({ handle, drop } = await openEmpty());
  });
  afterAll(async () => {
    await handle.close();
    await drop();
    folders.cleanup();
  });

  it('writes the ledger of orders cancelled before it, and nothing for open ones', async () => {
    await runMigrations(handle, folders.before);
    await handle.db.execute(sql`
      insert into users (name, email, phone) values ('Asha', 'asha@example.com', '+91 98450 12345')`);
    const address = sql`'{"first_name":"A","last_name":"R","address_1":"1","city":"B","postcode":"1","country":"IN"}'::jsonb`;
    // 1 refunded (gateway 70.00, card 25.00, points 5.00); 2 refund pending at the gateway;
    // 3 cash on delivery cancelled unpaid (card 10.00, 40.00 never collected); 4 still open.
    await handle.db.execute(sql`
      insert into orders (id, user_id, status, payment_status, payment_method, shipping_method,
        subtotal_cents, discount_cents, shipping_cents, tax_cents, total_cents, currency,
        gift_card_cents, loyalty_points, loyalty_cents, shipping_address, billing_address,
        refund_reference, cancel_reason)
      overriding system value values
        (1, 1, 'canceled', 'refunded', 'card', 'flatrate', 10000, 0, 0, 0, 10000, 'INR', 2500, 500, 500, ${address}, ${address}, 'rfnd_1', 'Changed my mind'),
        (2, 1, 'canceled', 'refund_pending', 'card', 'flatrate', 3000, 0, 0, 0, 3000, 'INR', 0, 0, 0, ${address}, ${address}, 'rfnd_2', null),
        (3, 1, 'canceled', 'pending', 'cod', 'flatrate', 5000, 0, 0, 0, 5000, 'INR', 1000, 0, 0, ${address}, ${address}, null, 'Too late'),
        (4, 1, 'processing', 'paid', 'card', 'flatrate', 2000, 0, 0, 0, 2000, 'INR', 0, 0, 0, ${address}, ${address}, null, null)`);
    await handle.db.execute(sql`
      insert into order_items (order_id, product_name, sku, price_cents, quantity, total_cents)
      values (1, 'Tee', 'T', 5000, 2, 10000), (3, 'Scarf', 'S', 5000, 1, 5000),
             (4, 'Cap', 'C', 2000, 1, 2000)`);

    await runMigrations(handle);

    const refunds = rowsOf<Record<string, unknown>>(
      await handle.db.execute(sql`
        select order_id, kind, amount_cents, gateway_cents, gift_card_cents, loyalty_cents,
          uncollected_cents, loyalty_points, status, gateway_refund_id, receipt, reason,
          settled_at is not null as settled
        from order_refunds order by order_id`),
    );
    expect(refunds).toEqual([
      {
        order_id: 1,
        kind: 'cancel',
        amount_cents: 10000,
        gateway_cents: 7000,
        gift_card_cents: 2500,
        loyalty_cents: 500,
        uncollected_cents: 0,
        loyalty_points: 500,
        status: 'processed',
        gateway_refund_id: 'rfnd_1',
        receipt: 'legacy-1',
        reason: 'Changed my mind',
        settled: true,
      },
      {
        order_id: 2,
        kind: 'cancel',
        amount_cents: 3000,
        gateway_cents: 3000,
        gift_card_cents: 0,
        loyalty_cents: 0,
        uncollected_cents: 0,
        loyalty_points: 0,
        status: 'pending',
        gateway_refund_id: 'rfnd_2',
        receipt: 'legacy-2',
        reason: 'Order cancelled.',
        settled: false,
      },
      {
        order_id: 3,
        kind: 'cancel',
        amount_cents: 5000,
        gateway_cents: 0,
        gift_card_cents: 1000,
        loyalty_cents: 0,
        uncollected_cents: 4000,
        loyalty_points: 0,
        status: 'processed',
        gateway_refund_id: null,
        receipt: 'legacy-3',
        reason: 'Too late',
        settled: true,
      },
    ]);
    const orders = rowsOf<Record<string, unknown>>(
      await handle.db.execute(
        sql`select id, refunded_cents, canceled_due_cents from orders order by id`,
      ),
    );
    expect(orders).toEqual([
      { id: 1, refunded_cents: 10000, canceled_due_cents: 0 },
      { id: 2, refunded_cents: 3000, canceled_due_cents: 0 },
      { id: 3, refunded_cents: 1000, canceled_due_cents: 4000 },
      { id: 4, refunded_cents: 0, canceled_due_cents: 0 },
    ]);
    const items = rowsOf<Record<string, unknown>>(
      await handle.db.execute(
        sql`select order_id, canceled_quantity, returned_quantity from order_items order by order_id`,
      ),
    );
    expect(items).toEqual([
      { order_id: 1, canceled_quantity: 2, returned_quantity: 0 },
      { order_id: 3, canceled_quantity: 1, returned_quantity: 0 },
      { order_id: 4, canceled_quantity: 0, returned_quantity: 0 },
    ]);
  });
});
