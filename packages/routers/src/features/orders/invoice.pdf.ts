import { formatMoney as money } from '../../money';
import { addressLines } from '../addresses';
import type { OrderDto } from './orders.schemas';

/**
 * A real PDF invoice (pdfkit): number, date, addresses, lines and totals in the order's currency.
 * Built in memory; invoices are a page or two.
 */
export async function renderInvoicePdf(order: OrderDto, shop: { name: string }): Promise<Buffer> {
  // Loaded on the first invoice, not at start-up: pdfkit and its fonts are ~11 MB of RSS that
  // a process serving no invoices never needs (issue 8, RSS ≤ 250 MB).
  const { default: PDFDocument } = await import('pdfkit');
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: 50,
      info: { Title: `Invoice ${order.order_number}`, Author: shop.name },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    doc.fontSize(20).text(shop.name, { continued: false });
    doc.moveDown(0.5).fontSize(14).text(`Invoice ${order.order_number}`);
    doc.fontSize(10).text(`Date: ${order.created_at.slice(0, 10)}`);
    doc.text(`Payment: ${order.payment_method} (${order.payment_status})`);
    doc.moveDown();

    const top = doc.y;
    doc.fontSize(11).text('Bill to', 50, top, { underline: true });
    // A B2B invoice names the buyer's GST registration under the address billed.
    const billTo = addressLines(order.billing_address);
    if (order.billing_address.gstin) billTo.push(`GSTIN: ${order.billing_address.gstin}`);
    doc.fontSize(10).text(billTo.join('\n'), 50, top + 16);
    doc.fontSize(11).text('Ship to', 300, top, { underline: true });
    doc.fontSize(10).text(addressLines(order.shipping_address).join('\n'), 300, top + 16);
    doc.x = 50;
    doc.y = top + 120;

    const columns = { item: 50, sku: 260, qty: 360, price: 410, total: 480 };
    const row = (values: Record<keyof typeof columns, string>, y: number) => {
      for (const [key, x] of Object.entries(columns)) {
        doc.text(values[key as keyof typeof columns], x, y, { width: key === 'item' ? 200 : 90 });
      }
    };
    doc.fontSize(10);
    row({ item: 'Item', sku: 'SKU', qty: 'Qty', price: 'Price', total: 'Total' }, doc.y);
    doc.moveDown(0.5);
    for (const item of order.items) {
      const name = item.variant_name
        ? `${item.product_name} (${item.variant_name})`
        : item.product_name;
      const y = doc.y;
      row(
        {
          item: name,
          sku: item.sku,
          qty: String(item.quantity),
          price: money(item.price, order.currency),
          total: money(item.total, order.currency),
        },
        y,
      );
      doc.y = Math.max(doc.y, y + 14);
    }
    doc.moveDown();
    const totals: [string, number][] = [
      ['Subtotal', order.subtotal],
      ['Discount', -order.discount],
      ['Shipping', order.shipping],
      ['Tax', order.tax],
      ['Total', order.total],
      // Paid by gift cards and points (issue 26), shown only when they paid something.
      ...(order.gift_card_amount > 0
        ? [['Gift cards', -order.gift_card_amount] as [string, number]]
        : []),
      ...(order.loyalty_amount > 0
        ? [['Loyalty points', -order.loyalty_amount] as [string, number]]
        : []),
      ...(order.gift_card_amount > 0 || order.loyalty_amount > 0
        ? [['Amount due', order.amount_due] as [string, number]]
        : []),
    ];
    for (const [label, amount] of totals) {
      const y = doc.y;
      doc.text(label, columns.price - 60, y).text(money(amount, order.currency), columns.total, y);
    }
    doc.end();
  });
}
