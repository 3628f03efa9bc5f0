import type { TaxSummaryRow } from '@storefront/db/schema';
import {
  amountInWords,
  basisPointsToPercent,
  indianStateFrom,
  validateGstin,
} from '@storefront/pricing';
import { addressLines } from '../addresses';
import type { CreditNoteRecord } from './credit-notes.repository';
import { type DocumentLine, invoiceLinesOf, LEGACY_TAX_NAME } from './document-lines';
import { amountDueCents } from './order.dto';
import type { OrderItemRecord, OrderRecord } from './orders.repository';

/*
 * What an invoice or a credit note prints, built from the order's records (amounts in cents);
 * tax-document.pdf.ts lays it out. docs/tax.md, "Invoices and credit notes".
 */

/** The seller as the shop's tax settings name it (the tax slice's TaxSettingsRecord fits). */
export interface SellerSettings {
  legalName: string;
  address: string;
  taxId: string | null;
}

export interface TaxDocument {
  title: 'Tax Invoice' | 'Invoice' | 'Credit Note';
  number: string;
  date: string;
  /** The order, payment, invoice reversed, reason: one line each under the number. */
  references: string[];
  /** Empty name: the shop's name (SHOP_NAME) is printed instead. */
  seller: { name: string; lines: string[] };
  billTo: string[];
  shipTo: string[];
  placeOfSupply: string | null;
  currency: string;
  lines: DocumentLine[];
  /** False for an order placed before per-line tax: its lines print without tax columns. */
  perLineTax: boolean;
  /** Label and amount in cents, in the order printed. */
  totals: [string, number][];
  amountInWords: string;
}

/** `GSTIN` for an Indian registration, `Tax ID` for any other (a VAT number). */
const taxIdLabel = (taxId: string) => (validateGstin(taxId).ok ? 'GSTIN' : 'Tax ID');

function seller(settings: SellerSettings) {
  const lines = settings.address
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  if (settings.taxId) lines.push(`${taxIdLabel(settings.taxId)}: ${settings.taxId}`);
  return { name: settings.legalName.trim(), lines };
}

/** A tax invoice names itself so only when the seller is registered (has a tax id). */
const invoiceTitle = (settings: SellerSettings) => (settings.taxId ? 'Tax Invoice' : 'Invoice');

const billToLines = (order: Pick<OrderRecord, 'billingAddress'>) => {
  // A B2B invoice names the buyer's GST registration under the address billed.
  const lines = addressLines(order.billingAddress);
  if (order.billingAddress.gstin) lines.push(`GSTIN: ${order.billingAddress.gstin}`);
  return lines;
};

/**
 * Where the supply is taxed as the documents print it: `Karnataka (29)` for an Indian state, the
 * region or country elsewhere. Orders placed before it was recorded read it from the shipping
 * address (an Indian state by ISO code or name).
 */
export function placeOfSupplyText(
  order: Pick<OrderRecord, 'placeOfSupply' | 'shippingAddress'>,
): string | null {
  const place = order.placeOfSupply;
  if (place) {
    const name = place.name ?? place.region ?? place.country;
    return place.gstStateCode ? `${name} (${place.gstStateCode})` : name;
  }
  const address = order.shippingAddress;
  const state = address.country === 'IN' && address.state ? indianStateFrom(address.state) : null;
  if (state) return `${state.name} (${state.gstCode})`;
  return address.state ? `${address.state}, ${address.country_name}` : address.country_name;
}

const rateLabel = (line: Pick<TaxSummaryRow, 'name' | 'rateBasisPoints'>) =>
  line.name === LEGACY_TAX_NAME
    ? line.name
    : `${line.name} ${basisPointsToPercent(line.rateBasisPoints)}%`;

/** The invoice of an invoiced order. */
export function invoiceDocument(
  order: OrderRecord,
  items: readonly OrderItemRecord[],
  settings: SellerSettings,
): TaxDocument {
  const invoice = invoiceLinesOf(order, items);
  const taxed = invoice.frozen && order.shippingTax !== null && invoice.shipping !== null;
  const feeTaxed = invoice.frozen && order.codFeeTax !== null && invoice.codFee !== null;
  const taxTotals: [string, number][] =
    order.taxLines && order.taxLines.length > 0
      ? order.taxLines.map((line) => [rateLabel(line), line.amountCents])
      : [];
  const totals: [string, number][] = [
    ['Subtotal', order.subtotalCents],
    ['Discount', -order.discountCents],
    ['Shipping', order.shippingCents],
    // Shown only when charged, so invoices of other orders read as before.
    ...(order.codFeeCents > 0
      ? [['Cash on delivery fee', order.codFeeCents] as [string, number]]
      : []),
    ...taxTotals,
    ['Tax', order.taxCents],
    ['Total', order.totalCents],
  ];
  // Paid by gift cards and points (issue 26), shown only when they paid something.
  if (order.giftCardCents > 0) totals.push(['Gift cards', -order.giftCardCents]);
  if (order.loyaltyCents > 0) totals.push(['Loyalty points', -order.loyaltyCents]);
  if (order.giftCardCents > 0 || order.loyaltyCents > 0) {
    totals.push(['Amount due', amountDueCents(order)]);
  }
  return {
    title: invoiceTitle(settings),
    number: order.invoiceNumber ?? order.orderNumber,
    date: order.invoiceDate ?? order.createdAt.toISOString().slice(0, 10),
    references: [
      `Order ${order.orderNumber} of ${order.createdAt.toISOString().slice(0, 10)}`,
      `Payment: ${order.paymentMethod} (${order.paymentStatus})`,
    ],
    seller: seller(settings),
    billTo: billToLines(order),
    shipTo: addressLines(order.shippingAddress),
    placeOfSupply: placeOfSupplyText(order),
    currency: order.currency,
    // Taxed shipping is a supply of its own on a tax invoice: a line with its tax; so is a taxed
    // COD fee (docs/delivery.md). Untaxed, both show in the totals only.
    lines: [
      ...invoice.lines,
      ...(taxed && invoice.shipping ? [invoice.shipping] : []),
      ...(feeTaxed && invoice.codFee ? [invoice.codFee] : []),
    ],
    perLineTax: invoice.frozen,
    totals,
    amountInWords: amountInWords(order.totalCents, order.currency),
  };
}

/** A credit note: the lines it reverses, against the order's invoice. */
export function creditNoteDocument(
  note: CreditNoteRecord,
  order: OrderRecord,
  settings: SellerSettings,
): TaxDocument {
  return {
    title: 'Credit Note',
    number: note.number,
    date: note.issueDate,
    references: [
      `Against invoice ${order.invoiceNumber ?? ''} of ${order.invoiceDate ?? ''}`,
      `Order ${order.orderNumber}`,
      `Reason: ${note.reason}`,
    ],
    seller: seller(settings),
    billTo: billToLines(order),
    shipTo: addressLines(order.shippingAddress),
    placeOfSupply: placeOfSupplyText(order),
    currency: order.currency,
    lines: note.lines,
    perLineTax: true,
    totals: [
      ['Taxable value', note.taxableValueCents],
      ...note.taxLines.map((line): [string, number] => [rateLabel(line), line.amountCents]),
      ['Tax', note.taxCents],
      ['Total credited', note.totalCents],
    ],
    amountInWords: amountInWords(note.totalCents, order.currency),
  };
}
