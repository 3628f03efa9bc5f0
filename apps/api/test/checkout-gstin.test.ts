import { carts, orders } from '@storefront/db/schema';
import { seedStoreSetup } from '@storefront/db/seed/store-setup';
import { createCurrency, createProduct } from '@storefront/db/testing/factories';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerCustomer, type TestApp } from './harness';
import { getBinary, pdfText } from './support/pdf';
import { gatewayPayment, NEW_ADDRESS, prepareCheckout } from './support/shop';

/** Issue 37: the buyer's GSTIN given with the billing address, kept on the order, on the invoice. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await createCurrency(t.db, { code: 'USD', isDefault: true });
  await seedStoreSetup(t.db);
});
afterAll(async () => {
  await t.close();
});

/** A customer with a product in the cart and every checkout step done. */
async function readyShopper() {
  const product = await createProduct(t.db, { priceCents: 2000, stockQuantity: 10 });
  const customer = await registerCustomer(t);
  const added = await t.request('POST', '/cart/add', {
    token: customer.token,
    body: { product_id: product.id, quantity: 1 },
  });
  if (added.status !== 200) throw new Error(JSON.stringify(added.body));
  await prepareCheckout(t, customer.token);
  return customer;
}

const billing = (token: string, body: object) =>
  t.request('POST', '/checkout/billing-address', { token, body });

async function openCart(userId: number) {
  const [cart] = await t.db
    .select({
      billingAddress: carts.billingAddress,
      billingSameAsShipping: carts.billingSameAsShipping,
    })
    .from(carts)
    .where(and(eq(carts.userId, userId), eq(carts.status, 'open')));
  return cart;
}

/** Pays by card (only a paid order has an invoice) and reads the order, its row and invoice. */
async function placeAndRead(token: string) {
  // Choosing the method again issues a gateway order for the cart as it is now.
  const chosen = await t.request('POST', '/checkout/payment-method', {
    token,
    body: { payment_method: 'card' },
  });
  expect(chosen.status).toBe(200);
  const placed = await t.request('POST', '/checkout/place-order', {
    token,
    body: { payment_data: gatewayPayment(chosen.body.data.gateway_order.id) },
  });
  expect(placed.status).toBe(201);
  const id = placed.body.data.order_id as number;
  const [row] = await t.db
    .select({ billingAddress: orders.billingAddress })
    .from(orders)
    .where(eq(orders.id, id));
  const order = await t.request('GET', `/customer/orders/${id}`, { token });
  expect(order.status).toBe(200);
  const invoice = await getBinary(t.app, `/api/v1/customer/orders/${id}/invoice`, token);
  expect(invoice.status).toBe(200);
  const text = await pdfText(new Uint8Array(invoice.body as Buffer));
  return { row, order: order.body.data, text };
}

describe('POST /checkout/billing-address gstin', () => {
  it('a new address with a GSTIN (lower case, spaced): kept upper case, on the order and the invoice', async () => {
    const { token, user } = await readyShopper();
    const res = await billing(token, {
      ...NEW_ADDRESS,
      city: 'Mumbai',
      country: 'IN',
      gstin: ' 27aapfu0939f1zv ',
    });
    expect(res.status).toBe(200);
    expect(res.body.data.billing_address).toMatchObject({
      city: 'Mumbai',
      gstin: '27AAPFU0939F1ZV',
    });
    expect(res.body.data.shipping_address).not.toHaveProperty('gstin');
    expect((await openCart(user.id))?.billingAddress).toMatchObject({ gstin: '27AAPFU0939F1ZV' });

    const { row, order, text } = await placeAndRead(token);
    expect(row?.billingAddress).toMatchObject({ city: 'Mumbai', gstin: '27AAPFU0939F1ZV' });
    expect(order.billing_address.gstin).toBe('27AAPFU0939F1ZV');
    expect(order.shipping_address).not.toHaveProperty('gstin');
    expect(text).toContain('GSTIN: 27AAPFU0939F1ZV');
  });

  it('a saved address by id with a GSTIN', async () => {
    const { token } = await readyShopper();
    const saved = await t.request('POST', '/customer/addresses', {
      token,
      body: { ...NEW_ADDRESS, city: 'Bengaluru', country: 'IN' },
    });
    expect(saved.status).toBe(201);
    const res = await billing(token, { address_id: saved.body.data.id, gstin: '29AAGCB7383J1Z4' });
    expect(res.status).toBe(200);
    expect(res.body.data.billing_address).toMatchObject({
      city: 'Bengaluru',
      gstin: '29AAGCB7383J1Z4',
    });
    const { row, order, text } = await placeAndRead(token);
    expect(row?.billingAddress.gstin).toBe('29AAGCB7383J1Z4');
    expect(order.billing_address).toMatchObject({ city: 'Bengaluru', gstin: '29AAGCB7383J1Z4' });
    expect(text).toContain('GSTIN: 29AAGCB7383J1Z4');
    // The address book is not changed by it.
    const book = await t.request('GET', '/customer/addresses', { token });
    expect(book.body.data[0]).not.toHaveProperty('gstin');
  });

  it('same_as_shipping with a GSTIN follows the shipping address and keeps the GSTIN', async () => {
    const { token, user } = await readyShopper();
    const res = await billing(token, { same_as_shipping: true, gstin: '27aapfu0939f1zv' });
    expect(res.status).toBe(200);
    expect(res.body.data.billing_address).toEqual({
      ...res.body.data.shipping_address,
      gstin: '27AAPFU0939F1ZV',
    });
    expect(await openCart(user.id)).toEqual({
      billingSameAsShipping: true,
      billingAddress: { gstin: '27AAPFU0939F1ZV' },
    });
    // A later shipping address is still followed, with the GSTIN.
    const moved = await t.request('POST', '/checkout/shipping-address', {
      token,
      body: { ...NEW_ADDRESS, city: 'Pune' },
    });
    expect(moved.body.data.billing_address).toMatchObject({
      city: 'Pune',
      gstin: '27AAPFU0939F1ZV',
    });
    await t.request('POST', '/checkout/shipping-method', {
      token,
      body: { shipping_method: 'flatrate' },
    });
    const { row, order, text } = await placeAndRead(token);
    expect(row?.billingAddress).toMatchObject({ city: 'Pune', gstin: '27AAPFU0939F1ZV' });
    expect(order.billing_address.gstin).toBe('27AAPFU0939F1ZV');
    expect(order.shipping_address).not.toHaveProperty('gstin');
    expect(text).toContain('GSTIN: 27AAPFU0939F1ZV');
  });

  it.each([
    ['a wrong check character', '27AAPFU0939F1ZW'],
    ['a wrong length', '27AAPFU0939F1Z'],
    ['state code 99', '99AAPFU0939F1ZV'],
    ['state code 97 (Other Territory, outside 01–38)', '97AAPFU0939F1ZO'],
    ['a bad PAN shape', '271APFU0939F1ZV'],
    ['an empty string', ''],
  ])('%s → 422 naming gstin, the cart unchanged', async (_case, gstin) => {
    const { token, user } = await readyShopper();
    const before = await openCart(user.id);
    const summaryBefore = await t.request('GET', '/checkout/summary', { token });
    for (const body of [
      { same_as_shipping: true, gstin },
      { ...NEW_ADDRESS, city: 'Mumbai', gstin },
    ]) {
      const res = await billing(token, body);
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ success: false, error_code: 'VALIDATION_ERROR' });
      expect(Object.keys(res.body.errors)).toEqual(['gstin']);
    }
    expect(await openCart(user.id)).toEqual(before);
    const summaryAfter = await t.request('GET', '/checkout/summary', { token });
    expect(summaryAfter.body).toEqual(summaryBefore.body);
  });

  it('without a GSTIN the answer and the stored snapshot have no gstin key at all', async () => {
    const { token, user } = await readyShopper();
    const res = await billing(token, { ...NEW_ADDRESS, city: 'Paris', country: 'FR' });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data.billing_address).sort()).toEqual(
      [
        'address_line_1',
        'address_line_2',
        'city',
        'country',
        'country_name',
        'email',
        'phone',
        'first_name',
        'last_name',
        'postcode',
        'state',
      ].sort(),
    );
    expect((await openCart(user.id))?.billingAddress).not.toHaveProperty('gstin');
    const same = await billing(token, { same_as_shipping: true });
    expect(same.body.data.billing_address).toEqual(same.body.data.shipping_address);
    expect(await openCart(user.id)).toEqual({ billingSameAsShipping: true, billingAddress: null });
    const { row, order, text } = await placeAndRead(token);
    expect(row?.billingAddress).not.toHaveProperty('gstin');
    expect(order.billing_address).not.toHaveProperty('gstin');
    expect(text).not.toContain('GSTIN');
  });
});
