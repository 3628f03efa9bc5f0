import { orderRefunds, orders, products } from '@storefront/db/schema';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, expect, vi } from 'vitest';
import { type TestAppOptions, useAdminApp } from '../harness';
import { startFakeRazorpay } from './fake-razorpay';
import { buy, gstProduct, openGstShop, type Purchase } from './gst-shop';

/*
 * The shop of the refund tests (issue 38): the Indian GST shop of the invoice tests paying card
 * through the Razorpay stand-in, with an admin's tRPC client, and helpers to read the ledger,
 * the stand-in's refunds and the stock.
 */

export const KEYS = { keyId: 'rzp_test_refunds', keySecret: 'razorpay-refunds-secret' };
export const WEBHOOK_SECRET = 'razorpay-refunds-webhook';

/**
 * `adminPanelDir`: the panel's browser test serves the built panel from the same app.
 * `refundRetrySeconds`/`refundMaxAttempts`: automatic retries of a failed refund; by default one,
 * at once (the ledger's tests before REFUND_RETRY_SECONDS and REFUND_MAX_ATTEMPTS, issue 40).
 */
export async function openRefundShop(
  options: Pick<TestAppOptions, 'adminPanelDir'> & {
    refundRetrySeconds?: number;
    refundMaxAttempts?: number;
  } = {},
) {
  const { refundRetrySeconds = 0, refundMaxAttempts = 1, ...appOptions } = options;
  const refundRetry = { refundRetrySeconds, refundMaxAttempts };
  const razorpay = await startFakeRazorpay(KEYS);
  afterAll(() => razorpay.close());
  let gst18 = 0;
  const app = useAdminApp({
    ...appOptions,
    razorpay: { ...KEYS, apiUrl: razorpay.url, timeoutMs: 2_000 },
    razorpayWebhookSecret: WEBHOOK_SECRET,
    config: refundRetry,
    prepare: async (t) => {
      gst18 = (await openGstShop(t)).gst18;
    },
  });

  /** A GST 18 % product at `priceCents` with plenty of stock. */
  const product = (name: string, priceCents: number) => gstProduct(app.t, gst18, name, priceCents);

  /** Buys through the API, card paid at the Razorpay stand-in (or cash on delivery). */
  async function order(purchase: Purchase) {
    const bought = await buy(app.t, {
      ...purchase,
      proof: (gatewayOrderId) => razorpay.pay(gatewayOrderId),
    });
    const placed = await get(bought.id, bought.token);
    return { ...bought, order: placed };
  }

  const get = async (id: number, token: string) => {
    const answer = await app.t.request('GET', `/customer/orders/${id}`, { token });
    expect(answer.status).toBe(200);
    return answer.body.data;
  };

  const cancelItems = (
    id: number,
    token: string,
    items: { order_item_id: number; quantity: number }[],
    reason = 'Changed my mind',
  ) =>
    app.t.request('POST', `/customer/orders/${id}/cancel-items`, {
      token,
      body: { items, reason },
    });

  /** The order's ledger rows, oldest first (the database's, not the API's). */
  const ledger = (orderId: number) =>
    app.t.db
      .select()
      .from(orderRefunds)
      .where(eq(orderRefunds.orderId, orderId))
      .orderBy(asc(orderRefunds.id));

  /** The refunds the stand-in holds for the order's Razorpay payment, and that payment's id. */
  async function gatewayRefunds(orderId: number) {
    const [row] = await app.t.db
      .select({ paymentId: orders.gatewayPaymentId })
      .from(orders)
      .where(eq(orders.id, orderId));
    const paymentId = row?.paymentId ?? '';
    return {
      paymentId,
      refunds: [...razorpay.refunds.values()].filter((refund) => refund.payment_id === paymentId),
      calls: razorpay.refundCalls(paymentId).length,
    };
  }

  /** Waits until every row of the order's ledger is settled by its job. */
  const settled = (orderId: number) =>
    vi.waitFor(
      async () => {
        const rows = await ledger(orderId);
        expect(rows.filter((row) => row.status === 'pending')).toEqual([]);
        return rows;
      },
      { timeout: 15_000, interval: 100 },
    );

  const stockOf = async (id: number) =>
    (
      await app.t.db
        .select({ stock: products.stockQuantity })
        .from(products)
        .where(eq(products.id, id))
    )[0]?.stock;

  /** The `data.type` of every push queued for a return, oldest first. */
  async function returnPushes(returnId: number) {
    const result = await app.t.db.execute(
      sql`select data->>'type' as type from pgboss.job where name = 'push' and data->>'kind' = 'return' and (data->>'returnId')::int = ${returnId} order by created_on`,
    );
    // postgres.js answers the rows, PGlite's driver an object holding them.
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
      type: string;
    }[];
    return rows.map((row) => row.type);
  }

  return {
    app,
    razorpay,
    product,
    order,
    get,
    cancelItems,
    ledger,
    gatewayRefunds,
    settled,
    stockOf,
    returnPushes,
  };
}

/** Cents of a money amount from the API. */
export const cents = (amount: number) => Math.round(amount * 100);

/** An order item's value as frozen: its taxable value and its tax, in cents. */
export const lineCents = (item: { taxable_value: number; tax: number }) =>
  cents(item.taxable_value) + cents(item.tax);

/**
 * A delivered order of the returns tests: 3 × 10.02 (18 % GST) and 1 × 50.00, paid by card,
 * shipped and completed. `names` keep the products of each test apart; `token`: the buyer's
 * (a new customer's otherwise).
 */
export async function deliveredOrder(
  shop: Awaited<ReturnType<typeof openRefundShop>>,
  names: { shirt: string; scarf: string } = { shirt: 'Linen Shirt', scarf: 'Silk Scarf' },
  token?: string,
) {
  const admin = shop.app.admin.admin.orders;
  const shirt = await shop.product(names.shirt, 1002);
  const scarf = await shop.product(names.scarf, 5000);
  const bought = await shop.order({
    lines: [
      { productId: shirt.id, quantity: 3 },
      { productId: scarf.id, quantity: 1 },
    ],
    ...(token ? { token } : {}),
  });
  const { id } = bought;
  await admin.process.mutate({ id });
  await admin.ship.mutate({ id, carrier: 'DHL', tracking_number: `JD${id}` });
  await admin.complete.mutate({ id });
  const item = (productId: number) =>
    bought.order.items.find((line: { product_id: number }) => line.product_id === productId);
  return { ...bought, shirt, scarf, shirtLine: item(shirt.id), scarfLine: item(scarf.id) };
}
