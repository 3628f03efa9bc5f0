import type { Executor } from '@storefront/db/client';
import { taxSettings } from '@storefront/db/schema';
import { eq } from 'drizzle-orm';
import { type TaxSettingsRecord, taxReader, taxSettingsColumns } from './tax-reads.repository';

/** The shop's tax settings: one row, id 1, written on the first save. */
export function createTaxSettingsRepository(db: Executor) {
  return {
    read: () => taxReader(db).settings(),

    /**
     * The settings, locked for the caller's transaction until it commits, so two saves of
     * different fields do not undo each other. Creates the row with the defaults if missing.
     */
    async readForUpdate(): Promise<TaxSettingsRecord> {
      await db.insert(taxSettings).values({ id: 1 }).onConflictDoNothing();
      const [row] = await db
        .select(taxSettingsColumns)
        .from(taxSettings)
        .where(eq(taxSettings.id, 1))
        .for('update');
      if (!row) throw new Error('tax settings row missing after insert');
      return row;
    },

    async save(settings: TaxSettingsRecord): Promise<void> {
      await db
        .update(taxSettings)
        .set({ ...settings, updatedAt: new Date() })
        .where(eq(taxSettings.id, 1));
    },
  };
}

export type TaxSettingsRepository = ReturnType<typeof createTaxSettingsRepository>;
