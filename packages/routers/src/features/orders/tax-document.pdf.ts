import { basisPointsToPercent } from '@storefront/pricing';
import { centsToAmount, formatMoney } from '../../money';
import type { DocumentLine } from './document-lines';
import type { TaxDocument } from './tax-document';

/*
 * A real PDF (pdfkit) of an invoice or credit note: seller, buyer, number and date, place of
 * supply, the lines with their discount, taxable value and tax components, the totals and the
 * amount in words. Built in memory; such documents are a page or two.
 */

type Pdf = PDFKit.PDFDocument;
type Column = { x: number; width: number; align?: 'right' };

const LEFT = 50;
const PAGE_BOTTOM = 780;
/** Per-line tax (A4, 495 points between the margins). */
const DETAILED: Record<string, Column> = {
  item: { x: 50, width: 116 },
  hsn: { x: 168, width: 42 },
  qty: { x: 212, width: 24, align: 'right' },
  price: { x: 238, width: 52, align: 'right' },
  discount: { x: 292, width: 46, align: 'right' },
  taxable: { x: 340, width: 56, align: 'right' },
  tax: { x: 400, width: 90 },
  total: { x: 492, width: 53, align: 'right' },
};
/** An order placed before per-line tax: its lines as they were printed then. */
const PLAIN: Record<string, Column> = {
  item: { x: 50, width: 230 },
  qty: { x: 290, width: 40, align: 'right' },
  price: { x: 340, width: 90, align: 'right' },
  total: { x: 440, width: 105, align: 'right' },
};

const amount = (cents: number) => centsToAmount(cents).toFixed(2);

function taxText(line: DocumentLine): string {
  if (line.taxLines.length === 0) return '-';
  return line.taxLines
    .map(
      (tax) =>
        `${tax.name} ${basisPointsToPercent(tax.rateBasisPoints)}%: ${amount(tax.amountCents)}`,
    )
    .join('\n');
}

/** One table row at the current y; returns nothing, leaves doc.y below its tallest cell. */
function row(doc: Pdf, columns: Record<string, Column>, values: Record<string, string>) {
  const height = Math.max(
    ...Object.entries(columns).map(([key, column]) =>
      doc.heightOfString(values[key] ?? '', { width: column.width }),
    ),
  );
  if (doc.y + height > PAGE_BOTTOM) doc.addPage();
  const y = doc.y;
  for (const [key, column] of Object.entries(columns)) {
    doc.text(values[key] ?? '', column.x, y, {
      width: column.width,
      align: column.align ?? 'left',
    });
  }
  doc.x = LEFT;
  doc.y = y + height + 4;
}

function lineValues(line: DocumentLine, perLineTax: boolean): Record<string, string> {
  if (!perLineTax) {
    return {
      item: line.description,
      qty: String(line.quantity),
      price: amount(line.unitPriceCents),
      total: amount(line.unitPriceCents * line.quantity),
    };
  }
  return {
    item: line.description,
    hsn: line.hsnCode ?? '',
    qty: String(line.quantity),
    price: amount(line.unitPriceCents),
    discount: amount(line.discountCents),
    taxable: amount(line.taxableValueCents),
    tax: taxText(line),
    total: amount(line.totalCents),
  };
}

function parties(doc: Pdf, document: TaxDocument) {
  const top = doc.y;
  doc.fontSize(10).text('Bill to', LEFT, top, { underline: true });
  doc.fontSize(9).text(document.billTo.join('\n'), LEFT, top + 14, { width: 230 });
  const billBottom = doc.y;
  doc.fontSize(10).text('Ship to', 300, top, { underline: true });
  doc.fontSize(9).text(document.shipTo.join('\n'), 300, top + 14, { width: 245 });
  doc.x = LEFT;
  doc.y = Math.max(billBottom, doc.y) + 10;
}

/** The document as PDF bytes; `shopName` stands in for an empty legal name. */
export async function renderTaxDocumentPdf(
  document: TaxDocument,
  options: { shopName: string },
): Promise<Buffer> {
  // Loaded on the first document, not at start-up: pdfkit and its fonts are ~11 MB of RSS that
  // a process serving no invoices never needs (issue 8, RSS ≤ 250 MB).
  const { default: PDFDocument } = await import('pdfkit');
  const sellerName = document.seller.name || options.shopName;
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: 50,
      info: { Title: `${document.title} ${document.number}`, Author: sellerName },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    doc.fontSize(18).text(sellerName);
    if (document.seller.lines.length > 0) {
      doc.fontSize(9).text(document.seller.lines.join('\n'));
    }
    doc.moveDown(0.8).fontSize(14).text(`${document.title} ${document.number}`);
    doc.fontSize(9).text(`Date: ${document.date}`);
    for (const reference of document.references) doc.text(reference);
    if (document.placeOfSupply) doc.text(`Place of supply: ${document.placeOfSupply}`);
    doc.moveDown();
    parties(doc, document);

    const columns = document.perLineTax ? DETAILED : PLAIN;
    doc.fontSize(8);
    row(doc, columns, {
      item: 'Item',
      hsn: 'HSN/SAC',
      qty: 'Qty',
      price: 'Unit price',
      discount: 'Discount',
      taxable: 'Taxable value',
      tax: 'Tax',
      total: document.perLineTax ? 'Total' : 'Amount',
    });
    doc
      .moveTo(LEFT, doc.y - 2)
      .lineTo(545, doc.y - 2)
      .stroke();
    for (const line of document.lines) row(doc, columns, lineValues(line, document.perLineTax));
    doc.moveDown();

    doc.fontSize(9);
    doc.text(`Amounts in ${document.currency}`, LEFT, doc.y);
    for (const [label, cents] of document.totals) {
      if (doc.y > PAGE_BOTTOM) doc.addPage();
      const y = doc.y;
      doc.text(label, 300, y, { width: 130 });
      doc.text(formatMoney(centsToAmount(cents), document.currency), 430, y, {
        width: 115,
        align: 'right',
      });
    }
    doc.moveDown();
    doc.text(`Amount in words: ${document.amountInWords}`, LEFT, doc.y, { width: 495 });
    doc.end();
  });
}
