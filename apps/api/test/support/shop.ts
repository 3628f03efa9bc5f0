import type { Executor } from '@storefront/db/client';
import { products } from '@storefront/db/schema';
import { signPayment } from '@storefront/routers';
import { eq } from 'drizzle-orm';
import { registerCustomer, TEST_GATEWAY_SECRET } from '../harness';
import { NEW_ADDRESS } from './address';
import type { Requester } from './api-client';

export { NEW_ADDRESS };

/** What the card gateway hands the app after a successful payment of `gatewayOrderId`. */
export function gatewayPayment(
  gatewayOrderId: string,
  paymentId = `pay_${Math.random().toString(36).slice(2)}`,
) {
  return {
    gateway_order_id: gatewayOrderId,
    gateway_payment_id: paymentId,
    gateway_signature: signPayment(TEST_GATEWAY_SECRET, gatewayOrderId, paymentId),
  };
}

/** Walks a customer's cart through checkout with the REST API, up to (not including) place-order. */
export async function prepareCheckout(
  t: Requester,
  token: string,
  options: { paymentMethod?: 'cod' | 'card' | 'wallet'; shippingMethod?: string } = {},
) {
  const steps = [
    await t.request('POST', '/checkout/shipping-address', { token, body: NEW_ADDRESS }),
    await t.request('POST', '/checkout/shipping-method', {
      token,
      body: { shipping_method: options.shippingMethod ?? 'flatrate' },
    }),
    await t.request('POST', '/checkout/payment-method', {
      token,
      body: { payment_method: options.paymentMethod ?? 'cod' },
    }),
  ];
  for (const step of steps) {
    if (step.status !== 200)
      throw new Error(`checkout step failed: ${step.status} ${JSON.stringify(step.body)}`);
  }
  return steps[2]?.body.data as {
    gateway_order: { id: string; amount: number; currency: string } | null;
    cart: { total: number };
  };
}

/**
 * A new customer with `phone` registered for pushes places a cash-on-delivery order of one unit
 * of the first product listed: the order's e-mails and push are queued with it.
 */
export async function orderWithPhone(t: Requester, phone: string) {
  const customer = await registerCustomer(t);
  const device = await t.request('POST', '/customer/devices', {
    token: customer.token,
    body: { token: phone, platform: 'ios' },
  });
  if (device.status !== 201) throw new Error(`device: ${device.status}`);
  const listed = await t.request('GET', '/products?per_page=1');
  await t.request('POST', '/cart/add', {
    token: customer.token,
    body: { product_id: listed.body.data[0]?.id, quantity: 1 },
  });
  await prepareCheckout(t, customer.token);
  const placed = await t.request('POST', '/checkout/place-order', {
    token: customer.token,
    body: {},
  });
  if (placed.status !== 201) throw new Error(`place-order: ${placed.status}`);
  return { customer, order: placed.body.data as { order_id: number; order_number: string } };
}

/** A product's stock as stored (what an order took or a cancellation gave back). */
export async function stockOf(db: Executor, productId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ stock: products.stockQuantity })
    .from(products)
    .where(eq(products.id, productId));
  return row?.stock;
}
