import { creditNotes } from '@storefront/db/schema';
import { createCoupon } from '@storefront/db/testing/factories';
import { eq } from 'drizzle-orm';
import supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import { expectFieldError, registerCustomer, useAdminApp } from './harness';
import { BUYER_GSTIN, buy, gstProduct, MAHARASHTRA, openGstShop } from './support/gst-shop';
import { getBinary, pdfText } from './support/pdf';

/*
 * Issue 37's credit notes and the invoice register through the API on both databases: a paid
 * order cancelled is reversed by a credit note from its own gapless series; the register lists
 * invoices and credit notes for the accountant.
 */

let gst18 = 0;
const app = useAdminApp({
  prepare: async (t) => {
    gst18 = (await openGstShop(t)).gst18;
  },
});

const TODAY = new Date().toISOString().slice(0, 10);
const CREDIT_NOTE_NUMBER = /^CN\/\d{4}\/\d{6}$/;

const listOf = (id: number, token: string) =>
  app.t.request('GET', `/customer/orders/${id}/credit-notes`, { token });
const pdfPath = (id: number, number: string) =>
  `/api/v1/customer/orders/${id}/credit-notes/${encodeURIComponent(number)}`;

/** A paid intra-state order of two lines with a 10 % coupon, cancelled by its buyer. */
async function cancelledPaidOrder() {
  const kurta = await gstProduct(app.t, gst18, 'Handloom Kurta', 33_333);
  const stole = await gstProduct(app.t, gst18, 'Silk Stole', 50_000);
  const coupon = await createCoupon(app.t.db);
  const { id, token, orderNumber } = await buy(app.t, {
    lines: [
      { productId: kurta.id, quantity: 3 },
      { productId: stole.id, quantity: 1 },
    ],
    coupon: coupon.code,
    gstin: BUYER_GSTIN,
  });
  const order = (await app.t.request('GET', `/customer/orders/${id}`, { token })).body.data;
  const cancelled = await app.t.request('POST', `/customer/orders/${id}/cancel`, {
    token,
    body: { reason: 'Ordered the wrong size' },
  });
  expect(cancelled.status).toBe(200);
  return { id, token, orderNumber, order };
}

describe('credit notes', () => {
  it('a paid order cancelled: one note for everything, its lines and totals the order’s', async () => {
    const { id, token, order } = await cancelledPaidOrder();
    expect(order.invoice_number).toMatch(/^INV\//);
    expect(order.discount).toBeGreaterThan(0);
    const listed = await listOf(id, token);
    expect(listed.status).toBe(200);
    expect(listed.body.success).toBe(true);
    const notes = listed.body.data;
    expect(notes).toHaveLength(1);
    const [note] = notes;
    expect(note.number).toMatch(CREDIT_NOTE_NUMBER);
    expect(note).toMatchObject({
      issue_date: TODAY,
      reason: 'Ordered the wrong size',
      currency: 'INR',
      total: order.total,
      tax: order.tax,
    });
    const itemLines = note.lines.filter(
      (line: { order_item_id: number | null }) => line.order_item_id,
    );
    expect(itemLines).toEqual(
      order.items.map(
        (item: {
          id: number;
          product_name: string;
          hsn_code: string;
          quantity: number;
          price: number;
          discount: number;
          taxable_value: number;
          tax_lines: object[];
          tax: number;
        }) => ({
          order_item_id: item.id,
          description: item.product_name,
          hsn_code: item.hsn_code,
          quantity: item.quantity,
          unit_price: item.price,
          discount: item.discount,
          taxable_value: item.taxable_value,
          tax_lines: item.tax_lines,
          tax: item.tax,
          total: Math.round((item.taxable_value + item.tax) * 100) / 100,
        }),
      ),
    );
    // The shipping charge (untaxed here) is given back too.
    expect(note.lines.at(-1)).toMatchObject({
      order_item_id: null,
      description: 'Shipping',
      taxable_value: order.shipping,
      tax: 0,
    });
    expect(note.tax_lines).toEqual(order.tax_lines);
    const [row] = await app.t.db.select().from(creditNotes).where(eq(creditNotes.orderId, id));
    expect(row).toMatchObject({ number: note.number, taxCents: Math.round(order.tax * 100) });

    const pdf = await getBinary(app.t.app, pdfPath(id, note.number), token);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(
      `attachment; filename="credit-note-${note.number.replaceAll('/', '-')}.pdf"`,
    );
    app.t.validate('GET', pdfPath(id, note.number), 200, null, pdf.headers);
    const text = await pdfText(new Uint8Array(pdf.body as Buffer));
    expect(text).toContain(`Credit Note ${note.number}`);
    expect(text).toContain(`Against invoice ${order.invoice_number}`);
    expect(text).toContain('Reason: Ordered the wrong size');
    expect(text).toContain(`GSTIN: ${BUYER_GSTIN}`);
    expect(text).toContain('Handloom Kurta');
    expect(text).toContain(`${note.total.toFixed(2)} INR`);
    expect(text).toContain(`${note.tax_lines[0].amount.toFixed(2)} INR`);
    expect(text).toMatch(/Amount in words: Rupees [A-Za-z -]+ Only/);
  });

  it('a cancel before invoicing issues none', async () => {
    const product = await gstProduct(app.t, gst18, 'Jute Bag', 10_000);
    const { id, token } = await buy(app.t, {
      lines: [{ productId: product.id, quantity: 1 }],
      pay: 'cod',
    });
    const cancelled = await app.t.request('POST', `/customer/orders/${id}/cancel`, {
      token,
      body: { reason: 'Changed my mind' },
    });
    expect(cancelled.status).toBe(200);
    const listed = await listOf(id, token);
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual([]);
    expect(await app.t.db.select().from(creditNotes).where(eq(creditNotes.orderId, id))).toEqual(
      [],
    );
  });

  it('an unknown number is a 404 envelope; another customer’s order a 404 on both routes', async () => {
    const { id, token } = await cancelledPaidOrder();
    const [note] = (await listOf(id, token)).body.data;
    const unknown = await supertest(app.t.app)
      .get(pdfPath(id, 'CN/0000/999999'))
      .set('Authorization', `Bearer ${token}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ success: false, error_code: 'NOT_FOUND' });
    // No number has a NUL byte (PostgreSQL refuses one in text: a 500 before this was checked).
    for (const impossible of ['CN/2627/\u0000', 'x'.repeat(40)]) {
      const answer = await supertest(app.t.app)
        .get(pdfPath(id, impossible))
        .set('Authorization', `Bearer ${token}`);
      expect(answer.status, JSON.stringify(impossible)).toBe(404);
    }
    const stranger = await registerCustomer(app.t);
    const foreignList = await listOf(id, stranger.token);
    expect(foreignList.status).toBe(404);
    expect(foreignList.body.error_code).toBe('NOT_FOUND');
    const foreignPdf = await supertest(app.t.app)
      .get(pdfPath(id, note.number))
      .set('Authorization', `Bearer ${stranger.token}`);
    expect(foreignPdf.status).toBe(404);
    expect(foreignPdf.body.error_code).toBe('NOT_FOUND');
    const anonymous = await supertest(app.t.app).get(pdfPath(id, note.number));
    expect(anonymous.status).toBe(401);
  });
});

describe('admin.orders.invoices, the register', () => {
  it('lists invoices and credit notes of the range by date and number, and the same as CSV', async () => {
    const { orderNumber, order } = await cancelledPaidOrder();
    const saree = await gstProduct(app.t, gst18, 'Paithani Saree', 250_000);
    const interState = await buy(app.t, {
      lines: [{ productId: saree.id, quantity: 1 }],
      address: MAHARASHTRA,
    });
    const { data } = await app.admin.admin.orders.invoices.query({ from: TODAY, to: TODAY });
    const numbers = data.rows.map((row) => row.number);
    expect(numbers).toEqual(
      [...data.rows]
        .sort((a, b) => a.date.localeCompare(b.date) || a.number.localeCompare(b.number))
        .map((row) => row.number),
    );
    const invoice = data.rows.find((row) => row.number === order.invoice_number);
    expect(invoice).toEqual({
      type: 'invoice',
      number: order.invoice_number,
      date: TODAY,
      order_number: orderNumber,
      buyer_name: 'Asha Rao',
      buyer_gstin: BUYER_GSTIN,
      place_of_supply: 'Karnataka (29)',
      currency: 'INR',
      taxable_value: Math.round((order.total - order.tax) * 100) / 100,
      tax_lines: {
        CGST: order.tax_lines[0].amount,
        SGST: order.tax_lines[1].amount,
      },
      tax: order.tax,
      total: order.total,
    });
    const note = data.rows.find(
      (row) => row.type === 'credit_note' && row.order_number === orderNumber,
    );
    expect(note).toMatchObject({
      number: expect.stringMatching(CREDIT_NOTE_NUMBER),
      place_of_supply: 'Karnataka (29)',
      taxable_value: invoice?.taxable_value,
      tax_lines: invoice?.tax_lines,
      total: order.total,
    });
    const igst = data.rows.find((row) => row.order_number === interState.orderNumber);
    expect(igst).toMatchObject({ place_of_supply: 'Maharashtra (27)', tax_lines: { IGST: 450 } });

    const lines = data.csv.split('\r\n');
    expect(lines[0]).toBe(
      'Type,Number,Date,Order number,Buyer name,Buyer GSTIN,Place of supply,Currency,Taxable value,CGST,SGST,IGST,Tax,Total',
    );
    expect(lines).toHaveLength(data.rows.length + 2);
    expect(lines.at(-1)).toBe('');
    const csvNote = lines.find((line) => line.startsWith(`credit_note,${note?.number},`));
    expect(csvNote).toBe(
      [
        'credit_note',
        note?.number,
        TODAY,
        orderNumber,
        'Asha Rao',
        BUYER_GSTIN,
        'Karnataka (29)',
        'INR',
        invoice?.taxable_value.toFixed(2),
        invoice?.tax_lines.CGST?.toFixed(2),
        invoice?.tax_lines.SGST?.toFixed(2),
        '0.00',
        order.tax.toFixed(2),
        order.total.toFixed(2),
      ].join(','),
    );
  });

  it('an empty range is empty; more than 366 days, or an end before the start, is a 422 on `to`', async () => {
    const empty = await app.admin.admin.orders.invoices.query({
      from: '2001-01-01',
      to: '2001-12-31',
    });
    expect(empty.data).toEqual({
      rows: [],
      csv: 'Type,Number,Date,Order number,Buyer name,Buyer GSTIN,Place of supply,Currency,Taxable value,Tax,Total\r\n',
    });
    await expectFieldError(
      app.admin.admin.orders.invoices.query({ from: '2024-01-01', to: '2025-01-01' }),
      'to',
    );
    await expectFieldError(
      app.admin.admin.orders.invoices.query({ from: TODAY, to: '2001-01-01' }),
      'to',
    );
    await expectFieldError(
      app.admin.admin.orders.invoices.query({ from: '2026-02-30', to: TODAY }),
      'from',
    );
    const forbidden = await app.customer.admin.orders.invoices
      .query({ from: TODAY, to: TODAY })
      .catch((error: { data?: { httpStatus?: number } }) => error.data?.httpStatus);
    expect(forbidden).toBe(403);
  });
});
