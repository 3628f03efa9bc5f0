import type { Executor } from '@storefront/db/client';
import { documentCounters } from '@storefront/db/schema';
import { sql } from 'drizzle-orm';

export type DocumentSeries = (typeof documentCounters.$inferSelect)['series'];

/**
 * Gapless number series (invoices, credit notes): one counter row per series and financial year,
 * advanced by the caller's transaction. The upsert locks the row until that transaction ends, so
 * concurrent invoicings queue on it and each takes the next integer; a rollback gives its number
 * back. A sequence cannot promise either (docs/tax.md, "Invoices and credit notes").
 */
export function createDocumentCountersRepository(db: Executor) {
  return {
    /** The next number of the series in that year: 1 for the year's first document. */
    async next(series: DocumentSeries, financialYear: string): Promise<number> {
      const [row] = await db
        .insert(documentCounters)
        .values({ series, financialYear, lastNumber: 1 })
        .onConflictDoUpdate({
          target: [documentCounters.series, documentCounters.financialYear],
          set: { lastNumber: sql`${documentCounters.lastNumber} + 1` },
        })
        .returning({ lastNumber: documentCounters.lastNumber });
      if (!row) throw new Error('document counter upsert returned no row');
      return row.lastNumber;
    },
  };
}

export type DocumentCountersRepository = ReturnType<typeof createDocumentCountersRepository>;
