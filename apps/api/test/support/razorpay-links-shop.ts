import { orders, paymentLinks } from '@storefront/db/schema';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestApp } from '../harness';
import { signedDelivery } from './fake-razorpay';
import type { razorpayShop } from './razorpay-shop';
import type { razorpayLinksStandIn } from './razorpay-stand-in-links';

/** COD orders, their payment links and Razorpay's `payment_link.paid`, for tests over one app. */
export function razorpayLinksShop(
  t: TestApp,
  shop: ReturnType<typeof razorpayShop>,
  webhookSecret: string,
) {
  /** A customer's placed cash-on-delivery order. */
  async function codOrder() {
    const buyer = await shop.checkoutReady();
    await t.request('POST', '/checkout/payment-method', {
      token: buyer.token,
      body: { payment_method: 'cod' },
    });
    const placed = await shop.place(buyer.token);
    expect(placed.status).toBe(201);
    return { ...buyer, orderId: placed.body.data.order_id as number };
  }
  const payOnline = (token: string, orderId: number) =>
    t.request('POST', `/customer/orders/${orderId}/pay-online`, { token });
  /** The payment link recorded for the order (the newest). */
  const linkOf = async (orderId: number) =>
    (await t.db.select().from(paymentLinks).where(eq(paymentLinks.orderId, orderId))).at(-1);
  const orderRow = async (id: number) =>
    (await t.db.select().from(orders).where(eq(orders.id, id)))[0];
  /** Razorpay's `payment_link.paid` for a link the customer paid at the stand-in. */
  function linkPaid(
    paid: ReturnType<ReturnType<typeof razorpayLinksStandIn>['payLink']>,
    eventId: string,
  ) {
    const body = JSON.stringify({
      entity: 'event',
      event: 'payment_link.paid',
      contains: ['payment_link', 'order', 'payment'],
      payload: {
        payment_link: { entity: paid.link },
        order: { entity: paid.order },
        payment: { entity: paid.payment },
      },
      created_at: Math.floor(Date.now() / 1000),
    });
    return signedDelivery(body, webhookSecret, eventId);
  }
  return { codOrder, payOnline, linkOf, orderRow, linkPaid };
}
