import type { Executor } from '@storefront/db/client';
import { banners, categories, currencies, products } from '@storefront/db/schema';
import { and, asc, desc, eq } from 'drizzle-orm';

export type AdminBannerRecord = typeof banners.$inferSelect;
export type BannerValues = Omit<typeof banners.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type AdminCurrencyRecord = typeof currencies.$inferSelect;
export type CurrencyValues = Omit<typeof currencies.$inferInsert, 'isDefault'>;

/** Back-office writes of banners and currencies; the storefront's reads stay in content.repository.ts. */
export function createContentAdminRepository(db: Executor) {
  return {
    /** Every banner, shown or not, in the storefront's order. */
    banners(): Promise<AdminBannerRecord[]> {
      return db.select().from(banners).orderBy(asc(banners.position), asc(banners.id));
    },

    async banner(id: number): Promise<AdminBannerRecord | undefined> {
      const [row] = await db.select().from(banners).where(eq(banners.id, id));
      return row;
    },

    /** Throws a unique violation when the identifier is taken. */
    async insertBanner(values: BannerValues): Promise<AdminBannerRecord> {
      const [row] = await db.insert(banners).values(values).returning();
      if (!row) throw new Error('banner insert returned no row');
      return row;
    },

    async updateBanner(
      id: number,
      changes: Partial<BannerValues>,
    ): Promise<AdminBannerRecord | undefined> {
      const [row] = await db.update(banners).set(changes).where(eq(banners.id, id)).returning();
      return row;
    },

    /** False when there is no such banner. */
    async deleteBanner(id: number): Promise<boolean> {
      const rows = await db.delete(banners).where(eq(banners.id, id)).returning({ id: banners.id });
      return rows.length > 0;
    },

    /** Whether a banner's product or category link points at a row that exists. */
    async linkTargetExists(type: 'product' | 'category', id: number): Promise<boolean> {
      const table = type === 'product' ? products : categories;
      const [row] = await db.select({ id: table.id }).from(table).where(eq(table.id, id));
      return row !== undefined;
    },

    currencies(): Promise<AdminCurrencyRecord[]> {
      return db
        .select()
        .from(currencies)
        .orderBy(desc(currencies.isDefault), asc(currencies.position), asc(currencies.code));
    },

    async currency(code: string): Promise<AdminCurrencyRecord | undefined> {
      const [row] = await db.select().from(currencies).where(eq(currencies.code, code));
      return row;
    },

    /** Never the default: which currency prices are stored in is not changed here. */
    async insertCurrency(values: CurrencyValues): Promise<AdminCurrencyRecord> {
      const [row] = await db
        .insert(currencies)
        .values({ ...values, isDefault: false })
        .returning();
      if (!row) throw new Error('currency insert returned no row');
      return row;
    },

    async updateCurrency(
      code: string,
      changes: Partial<Omit<CurrencyValues, 'code'>>,
    ): Promise<AdminCurrencyRecord | undefined> {
      const [row] = await db
        .update(currencies)
        .set(changes)
        .where(eq(currencies.code, code))
        .returning();
      return row;
    },

    /** Deletes a currency unless it is the default; false when nothing was deleted. */
    async deleteCurrency(code: string): Promise<boolean> {
      const rows = await db
        .delete(currencies)
        .where(and(eq(currencies.code, code), eq(currencies.isDefault, false)))
        .returning({ code: currencies.code });
      return rows.length > 0;
    },
  };
}

export type ContentAdminRepository = ReturnType<typeof createContentAdminRepository>;
