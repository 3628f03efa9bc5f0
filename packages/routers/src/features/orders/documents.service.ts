import { isDocumentNumberShaped } from '@storefront/pricing';
import { AppError } from '../../errors';
import type { Clock } from '../../ports';
import type { InTransaction } from '../../transactions';
import type { CreditNotesRepository } from './credit-notes.repository';
import { toCreditNoteDto } from './credit-notes.schemas';
import { assertRegisterRange, registerCsv, registerRows } from './invoice-register';
import type { InvoiceRegisterRepository } from './invoice-register.repository';
import {
  type InvoicingRepositories,
  invoiceable,
  invoiceOrder,
  type NumberingSettings,
} from './invoicing.steps';
import type { OrdersRepository } from './orders.repository';
import { creditNoteDocument, invoiceDocument, type SellerSettings } from './tax-document';

export interface OrderDocumentsDeps {
  orders: Pick<OrdersRepository, 'find' | 'items'>;
  creditNotes: Pick<CreditNotesRepository, 'forOrder' | 'find'>;
  register: InvoiceRegisterRepository;
  /** The shop's tax identity and numbering (the tax slice's reader fits). */
  tax: { settings(): Promise<SellerSettings & NumberingSettings> };
  inTransaction: InTransaction<InvoicingRepositories>;
  clock: Clock;
}

const notFound = () => new AppError('NOT_FOUND', 'Order not found.');

/**
 * An order's tax documents: its invoice, its credit notes, and the back office's register of
 * both (docs/tax.md, "Invoices and credit notes"). `userId` scopes reads to the customer's own
 * orders: another's answers 404 like an unknown id.
 */
export function createOrderDocumentsService(deps: OrderDocumentsDeps) {
  const { orders, creditNotes } = deps;

  async function requireOrder(id: number, userId: number) {
    const order = await orders.find(id, userId);
    if (!order) throw notFound();
    return order;
  }

  return {
    /**
     * The invoice of an order that is invoiced, or paid or shipped: an order paid or shipped
     * before numbering existed is given its number now. 422 INVOICE_NOT_AVAILABLE otherwise.
     */
    async invoice(id: number, userId: number) {
      let order = await requireOrder(id, userId);
      if (!invoiceable(order)) throw new AppError('INVOICE_NOT_AVAILABLE');
      if (order.invoiceNumber === null) {
        order = await deps.inTransaction((tx) => invoiceOrder(tx, id, deps.clock.now()));
      }
      const document = invoiceDocument(
        order,
        await orders.items(order.id),
        await deps.tax.settings(),
      );
      return { orderNumber: order.orderNumber, document };
    },

    /** The order's credit notes, oldest first (none for an order never invoiced). */
    async creditNotes(id: number, userId: number) {
      const order = await requireOrder(id, userId);
      const notes = await creditNotes.forOrder(order.id);
      return notes.map((note) => toCreditNoteDto(note, order.currency));
    },

    /** One credit note of the order, as its PDF prints it; 404 for a number it does not have. */
    async creditNote(id: number, userId: number, number: string) {
      const order = await requireOrder(id, userId);
      const note = isDocumentNumberShaped(number)
        ? await creditNotes.find(order.id, number)
        : undefined;
      if (!note) throw new AppError('NOT_FOUND', 'Credit note not found.');
      return {
        number: note.number,
        document: creditNoteDocument(note, order, await deps.tax.settings()),
      };
    },

    /** admin.orders.invoices: the documents dated from `from` to `to` (inclusive), with CSV. */
    async invoiceRegister(range: { from: string; to: string }) {
      assertRegisterRange(range.from, range.to);
      const [invoices, notes] = await Promise.all([
        deps.register.invoices(range.from, range.to),
        deps.register.creditNotes(range.from, range.to),
      ]);
      const rows = registerRows(invoices, notes);
      return { rows, csv: registerCsv(rows) };
    },
  };
}

export type OrderDocumentsService = ReturnType<typeof createOrderDocumentsService>;
