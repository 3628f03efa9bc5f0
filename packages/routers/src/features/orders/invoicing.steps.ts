import { financialYearLabel, formatDocumentNumber, shopLocalDate } from '@storefront/pricing';
import { AppError } from '../../errors';
import type { DocumentCountersRepository, DocumentSeries } from './document-counters.repository';
import type { OrderRecord, OrdersRepository } from './orders.repository';

/*
 * The invoicing step: an order's number from the gapless series, taken in the transaction that
 * makes the order invoiceable (paid at placement, shipped, paid on delivery; or placed, when the
 * shop invoices at placement). docs/tax.md, "Invoices and credit notes".
 */

/** What numbering reads of the shop's tax settings (the tax slice's TaxSettingsRecord fits). */
export interface NumberingSettings {
  invoicePrefix: string;
  creditNotePrefix: string;
  financialYearStartMonth: number;
  invoiceAt: 'paid_or_shipped' | 'placement';
  /** The shop's IANA time zone: document dates and financial years are in its calendar. */
  timeZone: string;
}

/** The repositories of the transaction that invoices: the order, the counters, the settings. */
export interface InvoicingRepositories {
  orders: Pick<OrdersRepository, 'find' | 'update'>;
  counters: DocumentCountersRepository;
  tax: { settings(): Promise<NumberingSettings> };
}

/** A number of `series` and its date, taken in the caller's transaction (row locked to commit). */
export async function takeDocumentNumber(
  counters: DocumentCountersRepository,
  series: DocumentSeries,
  settings: NumberingSettings,
  now: Date,
): Promise<{ number: string; date: string }> {
  const date = shopLocalDate(now, settings.timeZone);
  const year = financialYearLabel(date, settings.financialYearStartMonth);
  const prefix = series === 'invoice' ? settings.invoicePrefix : settings.creditNotePrefix;
  const counter = await counters.next(series, year);
  return { number: formatDocumentNumber(prefix, year, counter), date };
}

/**
 * Gives the order its invoice number and date unless it has one: locks the order row first, so
 * two transactions invoicing the same order take one number between them. Returns the order as
 * it is now.
 */
export async function invoiceOrder(
  tx: InvoicingRepositories,
  orderId: number,
  now: Date,
): Promise<OrderRecord> {
  const order = await tx.orders.find(orderId, undefined, { lock: true });
  if (!order) throw new AppError('NOT_FOUND', 'Order not found.');
  if (order.invoiceNumber !== null) return order;
  const { number, date } = await takeDocumentNumber(
    tx.counters,
    'invoice',
    await tx.tax.settings(),
    now,
  );
  return tx.orders.update(order.id, { invoiceNumber: number, invoiceDate: date });
}

/**
 * Place-order's invoicing (its last step: the counter row is shared by every invoicing, so it
 * is locked last and held only until the commit): a paid order is invoiced, and every order when
 * the shop invoices at placement.
 */
export async function invoiceAtPlacement(
  tx: InvoicingRepositories,
  order: Pick<OrderRecord, 'id' | 'paymentStatus'>,
  now: Date,
): Promise<void> {
  const settings = await tx.tax.settings();
  if (order.paymentStatus === 'paid' || settings.invoiceAt === 'placement') {
    await invoiceOrder(tx, order.id, now);
  }
}

/**
 * Whether an order has (or may be given) an invoice: numbered already, or paid, or shipped. An
 * order paid or shipped before numbering existed gets its number on its first download.
 */
export const invoiceable = (
  order: Pick<OrderRecord, 'invoiceNumber' | 'paymentStatus' | 'status'>,
) =>
  order.invoiceNumber !== null ||
  order.paymentStatus === 'paid' ||
  order.status === 'shipped' ||
  order.status === 'completed';
