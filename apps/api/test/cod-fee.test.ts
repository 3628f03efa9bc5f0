import { creditNotes, orders } from '@storefront/db/schema';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerCustomer } from './harness';
import { KARNATAKA, setTaxSettings } from './support/gst-shop';
import { getBinary, pdfText } from './support/pdf';
import { cents, openRefundShop } from './support/refund-shop';

/*
 * The cash-on-delivery fee (issue 39; docs/delivery.md, "Cash on delivery"): its own total
 * `cod_fee` when the checkout pays by COD, taxed as shipping is (GST 5 % on both here), inside
 * subtotal − discount + shipping + tax + cod_fee = total; stored on the order, printed on the
 * invoice, and given back exactly, like the shipping charge, by a full cancel.
 */

const shop = await openRefundShop();
const { app } = shop;
const FEE = 49;

beforeAll(async () => {
  await setTaxSettings(app.t, { shippingTaxable: true, invoiceAt: 'placement' });
  await app.admin.admin.settings.updateDelivery.mutate({ cod_fee: FEE, cod_max_open_orders: 50 });
});

interface Totals {
  subtotal: number;
  discount: number;
  shipping: number;
  tax: number;
  cod_fee: number;
  total: number;
}
/** The totals identity, in cents. */
const expectIdentity = (totals: Totals) =>
  expect(
    cents(totals.subtotal) -
      cents(totals.discount) +
      cents(totals.shipping) +
      cents(totals.tax) +
      cents(totals.cod_fee),
  ).toBe(cents(totals.total));

const step = async (token: string, path: string, body: object) => {
  const answer = await app.t.request('POST', path, { token, body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
};

describe('the COD fee in the totals', () => {
  it('is 0 for a gateway method and the fee (taxed like shipping) for cod; leaving cod drops it, also from the gateway order', async () => {
    const product = await shop.product('Kalamkari Stole', 100_000);
    const { token } = await registerCustomer(app.t);
    await step(token, '/cart/add', { product_id: product.id, quantity: 1 });
    await step(token, '/checkout/shipping-address', KARNATAKA);
    await step(token, '/checkout/shipping-method', { shipping_method: 'flatrate' });

    const card = await step(token, '/checkout/payment-method', { payment_method: 'card' });
    expect(card.cart.cod_fee).toBe(0);
    expectIdentity(card.cart);
    expect(card.gateway_order.amount).toBe(card.cart.total);

    const cod = await step(token, '/checkout/payment-method', { payment_method: 'cod' });
    expect(cod.cart.cod_fee).toBe(FEE);
    expectIdentity(cod.cart);
    // CGST 2.5 % + SGST 2.5 % on 49.00: 1.23 each (half up per component), as on shipping.
    expect(cents(cod.cart.tax) - cents(card.cart.tax)).toBe(246);
    expect(cents(cod.cart.total) - cents(card.cart.total)).toBe(4900 + 246);
    const cart = (await app.t.request('GET', '/cart', { token })).body.data;
    expect(cart).toMatchObject({ cod_fee: FEE, total: cod.cart.total });

    const back = await step(token, '/checkout/payment-method', { payment_method: 'card' });
    expect(back.cart).toMatchObject({ cod_fee: 0, total: card.cart.total });
    expect(back.gateway_order.amount).toBe(card.cart.total);
  });
});

describe('a COD order', () => {
  it('stores the fee and its tax, shows it, prints it on the invoice; a card order has none', async () => {
    const product = await shop.product('Ikat Cushion', 25_000);
    const { id, token, order } = await shop.order({
      lines: [{ productId: product.id, quantity: 2 }],
      pay: 'cod',
    });
    expect(order.cod_fee).toBe(FEE);
    expectIdentity(order);
    const [row] = await app.t.db.select().from(orders).where(eq(orders.id, id));
    expect(row?.codFeeCents).toBe(4900);
    expect(row?.codFeeTax).toEqual({
      taxableValueCents: 4900,
      taxCents: 246,
      taxLines: [
        { name: 'CGST', rateBasisPoints: 250, amountCents: 123 },
        { name: 'SGST', rateBasisPoints: 250, amountCents: 123 },
      ],
    });
    // The order's tax summary counts the fee's tax.
    const summed = (row?.taxLines ?? []).reduce((total, line) => total + line.amountCents, 0);
    expect(summed).toBe(row?.taxCents);

    const pdf = await getBinary(app.t.app, `/api/v1/customer/orders/${id}/invoice`, token);
    expect(pdf.status).toBe(200);
    const text = await pdfText(new Uint8Array(pdf.body as Buffer));
    expect(text).toContain('Cash on delivery fee');
    expect(text).toContain('49.00');

    const paid = await shop.order({ lines: [{ productId: product.id, quantity: 1 }] });
    expect(paid.order.cod_fee).toBe(0);
    expectIdentity(paid.order);
  });

  it('a full cancel gives the fee back exactly, as its own credit-note line', async () => {
    const product = await shop.product('Chanderi Dupatta', 33_333);
    const { id, token, order } = await shop.order({
      lines: [{ productId: product.id, quantity: 3 }],
      pay: 'cod',
    });
    const canceled = await app.t.request('POST', `/customer/orders/${id}/cancel`, {
      token,
      body: { reason: 'Ordered twice' },
    });
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
    const rows = await shop.ledger(id);
    expect(rows.reduce((total, r) => total + r.amountCents, 0)).toBe(cents(order.total));
    const [note] = await app.t.db.select().from(creditNotes).where(eq(creditNotes.orderId, id));
    expect(note?.totalCents).toBe(cents(order.total));
    const fee = note?.lines.find((line) => line.charge === 'cod_fee');
    expect(fee).toMatchObject({
      orderItemId: null,
      description: 'Cash on delivery fee',
      taxableValueCents: 4900,
      taxCents: 246,
      totalCents: 5146,
    });
    const shipping = note?.lines.filter((line) => line.orderItemId === null && !line.charge);
    expect(shipping).toHaveLength(1);
  });
});
