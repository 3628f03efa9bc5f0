import { AppError, type FieldErrors, validationError } from '../../errors';
import type { CreditNoteRecord, CreditNotesRepository } from './credit-notes.repository';
import {
  type DocumentLine,
  documentTotals,
  type InvoiceLines,
  invoiceLinesOf,
  lineKey,
  reverseLine,
  summariseTax,
} from './document-lines';
import { type InvoicingRepositories, takeDocumentNumber } from './invoicing.steps';
import type { OrdersRepository } from './orders.repository';

/*
 * Credit notes (docs/tax.md, "Invoices and credit notes"): a refund on an invoiced order
 * reverses the lines and tax it gives back, under the credit-note series. The refund ledger
 * (refund-ledger.steps.ts) issues one per refund with the lines it computed; naming units or
 * `'all'` computes them here.
 */

/** What a credit note reverses. */
export interface CreditNoteRequest {
  orderId: number;
  /**
   * Units per order line (`orderItemId` = the order item's id), or `'all'`: every unit not
   * reversed by an earlier note. Named lines must belong to the order and have the units left.
   */
  items: readonly { orderItemId: number; quantity: number }[] | 'all';
  /** Reverse the shipping charge too (refused when named and already reversed or none). */
  includeShipping: boolean;
  /** Printed on the note (e.g. the cancel's reason). */
  reason: string;
  now: Date;
  /**
   * The lines as the refund ledger computed them (refund-lines.ts), printed as they are, so the
   * note reverses exactly what the refund gave back; `items` and `includeShipping` are not read.
   */
  lines?: readonly DocumentLine[];
}

export interface CreditNoteRepositories extends InvoicingRepositories {
  orders: Pick<OrdersRepository, 'find' | 'update' | 'items'>;
  creditNotes: Pick<CreditNotesRepository, 'insert' | 'forOrder'>;
}

/**
 * The lines a request reverses, given the invoice's lines and the earlier notes' lines. A part
 * of a line takes its units' share of the discount, taxable value and each tax component,
 * counted from what earlier notes reversed (document-lines.ts reverseLine). 422 for a line not
 * on the order, more units than are left, or nothing named.
 */
export function linesToCredit(
  invoice: InvoiceLines,
  earlier: readonly (readonly DocumentLine[])[],
  request: Pick<CreditNoteRequest, 'items' | 'includeShipping'>,
): DocumentLine[] {
  const reversed = new Map<string, number>();
  for (const line of earlier.flat()) {
    reversed.set(lineKey(line), (reversed.get(lineKey(line)) ?? 0) + line.quantity);
  }
  const before = (line: DocumentLine) => reversed.get(lineKey(line)) ?? 0;
  const result: DocumentLine[] = [];
  const errors: FieldErrors = {};
  if (request.items === 'all') {
    for (const line of invoice.lines) {
      const left = line.quantity - before(line);
      if (left > 0) result.push(reverseLine(line, before(line), left));
    }
  } else {
    const seen = new Set<number>();
    request.items.forEach((item, index) => {
      const line = invoice.lines.find((candidate) => candidate.orderItemId === item.orderItemId);
      const left = line ? line.quantity - before(line) : 0;
      if (!line || seen.has(item.orderItemId)) {
        errors[`items.${index}.order_item_id`] = [
          line ? 'Each order line may be named once.' : 'Not a line of this order.',
        ];
      } else if (!Number.isInteger(item.quantity) || item.quantity < 1 || item.quantity > left) {
        errors[`items.${index}.quantity`] = [`Between 1 and ${left}: the units not yet credited.`];
      } else {
        result.push(reverseLine(line, before(line), item.quantity));
      }
      seen.add(item.orderItemId);
    });
  }
  const shipping = invoice.shipping;
  const shippingLeft = shipping !== null && before(shipping) === 0;
  if (request.includeShipping && shipping && shippingLeft) result.push({ ...shipping });
  if (request.items !== 'all') {
    if (request.includeShipping && !shippingLeft) {
      errors.include_shipping = ['The shipping charge is not on the order or already credited.'];
    }
    if (result.length === 0 && Object.keys(errors).length === 0) {
      errors.items = ['Name at least one line or the shipping charge.'];
    }
  }
  if (Object.keys(errors).length > 0) throw validationError(errors);
  return result;
}

/**
 * Issues a credit note in the caller's transaction: locks the order (notes of one order are
 * numbered and counted one at a time), computes the lines, takes the next credit-note number
 * (counter row locked to commit: call it last) and stores the note. Returns null, issuing
 * nothing, when the order was never invoiced, or when `'all'` finds nothing left to reverse.
 */
export async function issueCreditNote(
  tx: CreditNoteRepositories,
  request: CreditNoteRequest,
): Promise<CreditNoteRecord | null> {
  const order = await tx.orders.find(request.orderId, undefined, { lock: true });
  if (!order) throw new AppError('NOT_FOUND', 'Order not found.');
  if (order.invoiceNumber === null) return null;
  let lines: DocumentLine[];
  if (request.lines) lines = [...request.lines];
  else {
    const invoice = invoiceLinesOf(order, await tx.orders.items(order.id));
    const earlier = (await tx.creditNotes.forOrder(order.id)).map((note) => note.lines);
    lines = linesToCredit(invoice, earlier, request);
  }
  if (lines.length === 0) return null;
  const { number, date } = await takeDocumentNumber(
    tx.counters,
    'credit_note',
    await tx.tax.settings(),
    request.now,
  );
  return tx.creditNotes.insert({
    orderId: order.id,
    number,
    issueDate: date,
    reason: request.reason,
    lines,
    taxLines: summariseTax(lines),
    ...documentTotals(lines),
  });
}
