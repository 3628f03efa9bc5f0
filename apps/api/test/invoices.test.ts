import { documentCounters, orders } from '@storefront/db/schema';
import { createPlacedOrder } from '@storefront/db/testing/factories';
import { eq, inArray } from 'drizzle-orm';
import supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import { registerCustomer, useAdminApp } from './harness';
import {
  BUYER_GSTIN,
  buy,
  gstProduct,
  MAHARASHTRA,
  openGstShop,
  SELLER,
  setTaxSettings,
} from './support/gst-shop';
import { getBinary, pdfText } from './support/pdf';

/*
 * Issue 37's invoices through the API on both databases: numbered from the gapless series when
 * first paid or shipped (or at placement, when the shop says so), and the GST invoice's content.
 */

let gst18 = 0;
const app = useAdminApp({
  prepare: async (t) => {
    gst18 = (await openGstShop(t)).gst18;
  },
});

/** This financial year's label (April start, UTC dates), as the documents of today carry it. */
const YEAR = (() => {
  const now = new Date();
  const start = now.getUTCMonth() >= 3 ? now.getUTCFullYear() : now.getUTCFullYear() - 1;
  return `${start % 100}${(start + 1) % 100}`.padStart(4, '0');
})();
const INVOICE_NUMBER = new RegExp(`^INV/${YEAR}/\\d{6}$`);

const orderOf = async (id: number, token: string) =>
  (await app.t.request('GET', `/customer/orders/${id}`, { token })).body.data;
const invoiceCounter = async () => {
  const [row] = await app.t.db
    .select()
    .from(documentCounters)
    .where(eq(documentCounters.series, 'invoice'));
  return row?.lastNumber ?? 0;
};
const invoicePdf = (id: number, token: string) =>
  getBinary(app.t.app, `/api/v1/customer/orders/${id}/invoice`, token);

describe('when an order is invoiced (invoice_at paid_or_shipped, the default)', () => {
  it('a card payment at placement: numbered then, once; shipping keeps the number', async () => {
    const product = await gstProduct(app.t, gst18, 'Cotton Kurta', 100_000);
    const before = await invoiceCounter();
    const { id, token } = await buy(app.t, { lines: [{ productId: product.id, quantity: 1 }] });
    const placed = await orderOf(id, token);
    expect(placed.invoice_number).toMatch(INVOICE_NUMBER);
    expect(placed.invoice_date).toBe(new Date().toISOString().slice(0, 10));
    expect(await invoiceCounter()).toBe(before + 1);
    await app.admin.admin.orders.process.mutate({ id });
    const shipped = await app.admin.admin.orders.ship.mutate({
      id,
      carrier: 'Blue Dart',
      tracking_number: 'BD123',
    });
    expect(shipped.data.invoice_number).toBe(placed.invoice_number);
    expect(await invoiceCounter()).toBe(before + 1);
  });

  it('cash on delivery: none at placement (422), numbered when shipped, kept when paid on delivery', async () => {
    const product = await gstProduct(app.t, gst18, 'Silk Stole', 50_000);
    const { id, token } = await buy(app.t, {
      lines: [{ productId: product.id, quantity: 2 }],
      pay: 'cod',
    });
    expect((await orderOf(id, token)).invoice_number).toBeNull();
    const refused = await supertest(app.t.app)
      .get(`/api/v1/customer/orders/${id}/invoice`)
      .set('Authorization', `Bearer ${token}`);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      success: false,
      error_code: 'INVOICE_NOT_AVAILABLE',
      message: 'An invoice is available once the order is paid or shipped.',
    });
    await app.admin.admin.orders.process.mutate({ id });
    expect((await orderOf(id, token)).invoice_number).toBeNull();
    const before = await invoiceCounter();
    const shipped = await app.admin.admin.orders.ship.mutate({
      id,
      carrier: 'Delhivery',
      tracking_number: 'DL1',
    });
    expect(shipped.data.invoice_number).toMatch(INVOICE_NUMBER);
    expect(await invoiceCounter()).toBe(before + 1);
    const completed = await app.admin.admin.orders.complete.mutate({ id });
    expect(completed.data).toMatchObject({
      payment_status: 'paid',
      invoice_number: shipped.data.invoice_number,
    });
    expect(await invoiceCounter()).toBe(before + 1);
    expect((await invoicePdf(id, token)).status).toBe(200);
  });

  it('invoice_at placement: every order is numbered as it is placed, even unpaid', async () => {
    await setTaxSettings(app.t, { invoiceAt: 'placement' });
    try {
      const product = await gstProduct(app.t, gst18, 'Linen Shirt', 20_000);
      const { id, token } = await buy(app.t, {
        lines: [{ productId: product.id, quantity: 1 }],
        pay: 'cod',
      });
      const order = await orderOf(id, token);
      expect(order).toMatchObject({ payment_status: 'pending' });
      expect(order.invoice_number).toMatch(INVOICE_NUMBER);
      const pdf = await invoicePdf(id, token);
      expect(pdf.status).toBe(200);
      expect(await pdfText(new Uint8Array(pdf.body as Buffer))).toContain(order.invoice_number);
    } finally {
      await setTaxSettings(app.t, { invoiceAt: 'paid_or_shipped' });
    }
  });

  it('50 orders shipped at once: 50 consecutive numbers, no gap, no repeat', async () => {
    const { user } = await registerCustomer(app.t);
    const ids: number[] = [];
    for (let i = 0; i < 50; i++) {
      ids.push(
        (
          await createPlacedOrder(app.t.db, {
            userId: user.id,
            productIds: [],
            status: 'processing',
          })
        ).id,
      );
    }
    const before = await invoiceCounter();
    const shipped = await Promise.all(
      ids.map((id) =>
        app.admin.admin.orders.ship.mutate({
          id,
          carrier: 'India Post',
          tracking_number: `IP${id}`,
        }),
      ),
    );
    const counters = shipped
      .map((answer) => Number(answer.data.invoice_number?.split('/')[2]))
      .sort((a, b) => a - b);
    expect(counters).toEqual(Array.from({ length: 50 }, (_, i) => before + i + 1));
    const rows = await app.t.db.select().from(orders).where(inArray(orders.id, ids));
    expect(new Set(rows.map((row) => row.invoiceNumber)).size).toBe(50);
    expect(await invoiceCounter()).toBe(before + 50);
  });

  it('an order paid before invoice numbers existed is numbered on its first download', async () => {
    const { token, user } = await registerCustomer(app.t);
    const product = await gstProduct(app.t, gst18, 'Brass Lamp', 1_000);
    const legacy = await createPlacedOrder(app.t.db, { userId: user.id, productIds: [product.id] });
    await app.t.db.update(orders).set({ paymentStatus: 'paid' }).where(eq(orders.id, legacy.id));
    const before = await invoiceCounter();
    const first = await invoicePdf(legacy.id, token);
    expect(first.status).toBe(200);
    const [row] = await app.t.db.select().from(orders).where(eq(orders.id, legacy.id));
    expect(row?.invoiceNumber).toMatch(INVOICE_NUMBER);
    expect(await invoiceCounter()).toBe(before + 1);
    expect((await invoicePdf(legacy.id, token)).status).toBe(200);
    expect(await invoiceCounter()).toBe(before + 1);
    // Its lines never recorded their tax: printed as before, without per-line tax columns.
    const text = await pdfText(new Uint8Array(first.body as Buffer));
    expect(text).toContain(row?.invoiceNumber);
    expect(text).not.toContain('Taxable value');
    expect(text).toContain(`Product ${product.id}`);
    expect(text).toContain('10.00 USD');
  });
});

describe('the GST invoice', () => {
  it('intra-state: seller and buyer GSTIN, number, place of supply, HSN, CGST + SGST, words', async () => {
    const kurta = await gstProduct(app.t, gst18, 'Handloom Kurta', 100_000);
    const { id, token, orderNumber } = await buy(app.t, {
      lines: [{ productId: kurta.id, quantity: 2 }],
      gstin: BUYER_GSTIN,
    });
    const order = await orderOf(id, token);
    const pdf = await invoicePdf(id, token);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(
      `attachment; filename="invoice-${orderNumber}.pdf"`,
    );
    const text = await pdfText(new Uint8Array(pdf.body as Buffer));
    expect(text).toContain(`Tax Invoice ${order.invoice_number}`);
    expect(text).toContain(SELLER.legalName);
    expect(text).toContain('12 Residency Road');
    expect(text).toContain(`GSTIN: ${SELLER.taxId}`);
    expect(text).toContain(`GSTIN: ${BUYER_GSTIN}`);
    expect(text).toContain('Place of supply: Karnataka (29)');
    expect(text).toContain(`Order ${orderNumber}`);
    expect(text).toContain('Handloom Kurta');
    expect(text).toContain('6109');
    // Two at 1000.00: taxable 2000.00, CGST and SGST 9 % each 180.00.
    expect(order.items[0]).toMatchObject({ taxable_value: 2000, hsn_code: '6109' });
    expect(text).toContain('2000.00');
    expect(text).toContain('CGST 9%: 180.00');
    expect(text).toContain('SGST 9%: 180.00');
    expect(text).not.toContain('IGST');
    expect(text).toContain(`${order.total.toFixed(2)} INR`);
    expect(text).toMatch(/Amount in words: Rupees [A-Za-z -]+ Only/);
    expect(text).toContain('Rupees Two Thousand Three Hundred Sixty');
  });

  it('inter-state: IGST 18 % and the buyer’s state as place of supply', async () => {
    const saree = await gstProduct(app.t, gst18, 'Paithani Saree', 250_000);
    const { id, token } = await buy(app.t, {
      lines: [{ productId: saree.id, quantity: 1 }],
      address: MAHARASHTRA,
    });
    const text = await pdfText(new Uint8Array((await invoicePdf(id, token)).body as Buffer));
    expect(text).toContain('Place of supply: Maharashtra (27)');
    expect(text).toContain('IGST 18%: 450.00');
    expect(text).not.toContain('CGST');
    expect(text).toContain('2500.00');
  });

  it('taxed shipping is a line of its own with its tax (the shop’s `*` rule: 5 % GST)', async () => {
    await setTaxSettings(app.t, { shippingTaxable: true });
    try {
      const product = await gstProduct(app.t, gst18, 'Wool Shawl', 80_000);
      const { id, token } = await buy(app.t, { lines: [{ productId: product.id, quantity: 1 }] });
      const order = await orderOf(id, token);
      const text = await pdfText(new Uint8Array((await invoicePdf(id, token)).body as Buffer));
      expect(text).toContain('CGST 9%: 72.00');
      expect(text).toMatch(/Shipping +1 +[\d.]+ +0\.00 +[\d.]+ +CGST 2\.5%: [\d.]+ +SGST 2\.5%/);
      expect(
        order.tax_lines.map((line: { name: string; rate: number }) => `${line.name} ${line.rate}`),
      ).toEqual(['CGST 9', 'SGST 9', 'CGST 2.5', 'SGST 2.5']);
      expect(text).toContain(`${order.total.toFixed(2)} INR`);
    } finally {
      await setTaxSettings(app.t, { shippingTaxable: false });
    }
  });

  it('a shop without a tax id prints "Invoice"; another customer’s invoice is a 404', async () => {
    await setTaxSettings(app.t, { taxId: null });
    try {
      const product = await gstProduct(app.t, gst18, 'Cushion Cover', 30_000);
      const { id, token } = await buy(app.t, { lines: [{ productId: product.id, quantity: 1 }] });
      const text = await pdfText(new Uint8Array((await invoicePdf(id, token)).body as Buffer));
      expect(text).toMatch(/Invoice INV\//);
      expect(text).not.toContain('Tax Invoice');
      const stranger = await registerCustomer(app.t);
      const foreign = await supertest(app.t.app)
        .get(`/api/v1/customer/orders/${id}/invoice`)
        .set('Authorization', `Bearer ${stranger.token}`);
      expect(foreign.status).toBe(404);
      expect(foreign.body.error_code).toBe('NOT_FOUND');
    } finally {
      await setTaxSettings(app.t, { taxId: SELLER.taxId });
    }
  });
});
