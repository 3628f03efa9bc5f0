import type { Executor } from '@storefront/db/client';
import { creditNotes, orders } from '@storefront/db/schema';
import { and, asc, eq, gte, isNotNull, lte } from 'drizzle-orm';

/** The columns of an order the register prints of each of its documents. */
const orderColumns = {
  orderNumber: orders.orderNumber,
  currency: orders.currency,
  billingAddress: orders.billingAddress,
  shippingAddress: orders.shippingAddress,
  placeOfSupply: orders.placeOfSupply,
};

/**
 * The register's reads: invoices by their date and credit notes by their issue date, both
 * inclusive shop-local dates (`YYYY-MM-DD`).
 */
export function createInvoiceRegisterRepository(db: Executor) {
  return {
    invoices(from: string, to: string) {
      return db
        .select({
          ...orderColumns,
          number: orders.invoiceNumber,
          date: orders.invoiceDate,
          taxLines: orders.taxLines,
          taxCents: orders.taxCents,
          totalCents: orders.totalCents,
        })
        .from(orders)
        .where(
          and(
            isNotNull(orders.invoiceNumber),
            gte(orders.invoiceDate, from),
            lte(orders.invoiceDate, to),
          ),
        )
        .orderBy(asc(orders.invoiceDate), asc(orders.invoiceNumber));
    },

    creditNotes(from: string, to: string) {
      return db
        .select({
          ...orderColumns,
          number: creditNotes.number,
          date: creditNotes.issueDate,
          taxLines: creditNotes.taxLines,
          taxableValueCents: creditNotes.taxableValueCents,
          taxCents: creditNotes.taxCents,
          totalCents: creditNotes.totalCents,
        })
        .from(creditNotes)
        .innerJoin(orders, eq(orders.id, creditNotes.orderId))
        .where(and(gte(creditNotes.issueDate, from), lte(creditNotes.issueDate, to)))
        .orderBy(asc(creditNotes.issueDate), asc(creditNotes.number));
    },
  };
}

export type InvoiceRegisterRepository = ReturnType<typeof createInvoiceRegisterRepository>;
