import type { AddressSnapshot, PlaceOfSupplyRow, TaxSummaryRow } from '@storefront/db/schema';
import { validationError } from '../../errors';
import { centsToAmount } from '../../money';
import { LEGACY_TAX_NAME } from './document-lines';
import { placeOfSupplyText } from './tax-document';

/*
 * The register of invoices and credit notes an accountant files from (admin.orders.invoices):
 * one row per document, by date then number, and the same rows as CSV (RFC 4180).
 */

/** The longest range one register covers: a (leap) year. */
export const REGISTER_MAX_DAYS = 366;

/** One document as the register's reads give it. */
export interface RegisterSource {
  number: string | null;
  date: string | null;
  orderNumber: string;
  currency: string;
  billingAddress: AddressSnapshot;
  shippingAddress: AddressSnapshot;
  placeOfSupply: PlaceOfSupplyRow | null;
  taxLines: TaxSummaryRow[] | null;
  /** A credit note's; an invoice's is its total less its tax. */
  taxableValueCents?: number;
  taxCents: number;
  totalCents: number;
}

export interface RegisterRow {
  type: 'invoice' | 'credit_note';
  number: string;
  date: string;
  order_number: string;
  buyer_name: string;
  buyer_gstin: string | null;
  place_of_supply: string | null;
  currency: string;
  taxable_value: number;
  /** Tax per component name (rates of one name added up), in currency units. */
  tax_lines: Record<string, number>;
  tax: number;
  total: number;
}

const DAY_MS = 86_400_000;

/** 422 naming `to` for a range that ends before it starts or spans more than 366 days. */
export function assertRegisterRange(from: string, to: string): void {
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS + 1;
  if (days < 1) throw validationError({ to: ['Must be on or after from.'] });
  if (days > REGISTER_MAX_DAYS) {
    throw validationError({ to: [`A register covers at most ${REGISTER_MAX_DAYS} days.`] });
  }
}

function taxByName(source: RegisterSource): Record<string, number> {
  const cents = new Map<string, number>();
  // An order placed before per-line tax recorded only its total tax: one component.
  const lines = source.taxLines ?? [{ name: LEGACY_TAX_NAME, amountCents: source.taxCents }];
  for (const line of lines) {
    if (line.amountCents !== 0)
      cents.set(line.name, (cents.get(line.name) ?? 0) + line.amountCents);
  }
  return Object.fromEntries([...cents].map(([name, amount]) => [name, centsToAmount(amount)]));
}

export function registerRow(type: RegisterRow['type'], source: RegisterSource): RegisterRow {
  const buyer = source.billingAddress;
  return {
    type,
    number: source.number ?? '',
    date: source.date ?? '',
    order_number: source.orderNumber,
    buyer_name: `${buyer.first_name} ${buyer.last_name}`.trim(),
    buyer_gstin: buyer.gstin ?? null,
    place_of_supply: placeOfSupplyText(source),
    currency: source.currency,
    taxable_value: centsToAmount(source.taxableValueCents ?? source.totalCents - source.taxCents),
    tax_lines: taxByName(source),
    tax: centsToAmount(source.taxCents),
    total: centsToAmount(source.totalCents),
  };
}

/** Invoices and credit notes merged by date, then number. */
export function registerRows(
  invoices: readonly RegisterSource[],
  creditNotes: readonly RegisterSource[],
): RegisterRow[] {
  const rows = [
    ...invoices.map((source) => registerRow('invoice', source)),
    ...creditNotes.map((source) => registerRow('credit_note', source)),
  ];
  const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return rows.sort((a, b) => compare(a.date, b.date) || compare(a.number, b.number));
}

/**
 * A field as RFC 4180 writes it: quoted when it holds a comma, quote or line break, quotes
 * doubled. A text a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, CR first: a
 * buyer's name is theirs to choose) is prefixed with `'` so it stays text.
 */
export function csvField(value: string | number | null, text = true): string {
  let field = value === null ? '' : typeof value === 'number' ? value.toFixed(2) : value;
  if (text && /^[=+\-@\t\r]/.test(field)) field = `'${field}`;
  return /[",\r\n]/.test(field) ? `"${field.replace(/"/g, '""')}"` : field;
}

/** The rows as CSV: a header row, one column per tax component name present, CRLF lines. */
export function registerCsv(rows: readonly RegisterRow[]): string {
  const components: string[] = [];
  for (const row of rows) {
    for (const name of Object.keys(row.tax_lines)) {
      if (!components.includes(name)) components.push(name);
    }
  }
  const header = [
    'Type',
    'Number',
    'Date',
    'Order number',
    'Buyer name',
    'Buyer GSTIN',
    'Place of supply',
    'Currency',
    'Taxable value',
    ...components,
    'Tax',
    'Total',
  ].map((name) => csvField(name));
  const lines = rows.map((row) =>
    [
      csvField(row.type),
      csvField(row.number),
      csvField(row.date),
      csvField(row.order_number),
      csvField(row.buyer_name),
      csvField(row.buyer_gstin),
      csvField(row.place_of_supply),
      csvField(row.currency),
      csvField(row.taxable_value, false),
      ...components.map((name) => csvField(row.tax_lines[name] ?? 0, false)),
      csvField(row.tax, false),
      csvField(row.total, false),
    ].join(','),
  );
  return `${[header.join(','), ...lines].join('\r\n')}\r\n`;
}
