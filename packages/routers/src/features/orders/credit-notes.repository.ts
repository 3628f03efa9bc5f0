import type { Executor } from '@storefront/db/client';
import { creditNotes } from '@storefront/db/schema';
import { and, asc, eq } from 'drizzle-orm';

export type CreditNoteRecord = typeof creditNotes.$inferSelect;
export type NewCreditNote = Omit<typeof creditNotes.$inferInsert, 'id' | 'createdAt'>;

/** Credit notes: written by the credit-note step, read by the customer's list and PDF. */
export function createCreditNotesRepository(db: Executor) {
  return {
    async insert(note: NewCreditNote): Promise<CreditNoteRecord> {
      const [created] = await db.insert(creditNotes).values(note).returning();
      if (!created) throw new Error('credit note insert returned no row');
      return created;
    },

    /** The order's notes, oldest first. */
    forOrder(orderId: number): Promise<CreditNoteRecord[]> {
      return db
        .select()
        .from(creditNotes)
        .where(eq(creditNotes.orderId, orderId))
        .orderBy(asc(creditNotes.id));
    },

    /** One note of the order by its number; undefined when the order has no such note. */
    async find(orderId: number, number: string): Promise<CreditNoteRecord | undefined> {
      const [note] = await db
        .select()
        .from(creditNotes)
        .where(and(eq(creditNotes.orderId, orderId), eq(creditNotes.number, number)));
      return note;
    },
  };
}

export type CreditNotesRepository = ReturnType<typeof createCreditNotesRepository>;
