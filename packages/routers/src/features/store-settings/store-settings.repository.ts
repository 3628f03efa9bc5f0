import type { Executor } from '@storefront/db/client';
import { currencies, shippingMethods } from '@storefront/db/schema';
import { setOrKeep } from '@storefront/db/sql';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { ShippingMethodRecord } from './reference-data.repository';

export type ShippingMethodValues = Omit<typeof shippingMethods.$inferInsert, 'updatedAt'>;
export type AdminCurrencyRecord = typeof currencies.$inferSelect;
export type CurrencyValues = Omit<typeof currencies.$inferInsert, 'isDefault'>;

/**
 * Back-office writes of what prices a cart: shipping methods and currencies. Carts and checkout
 * read these tables on every request (cart.repository.ts), so a change applies at once.
 */
export function createStoreSettingsRepository(db: Executor) {
  return {
    /** Every method, offered or not, in checkout's order. */
    shippingMethods(): Promise<ShippingMethodRecord[]> {
      return db
        .select()
        .from(shippingMethods)
        .orderBy(asc(shippingMethods.position), asc(shippingMethods.code));
    },

    /** Throws a unique violation when the code is taken. */
    async insertShippingMethod(values: ShippingMethodValues): Promise<ShippingMethodRecord> {
      const [row] = await db.insert(shippingMethods).values(values).returning();
      if (!row) throw new Error('shipping method insert returned no row');
      return row;
    },

    async updateShippingMethod(
      code: string,
      changes: Partial<Omit<ShippingMethodValues, 'code'>>,
    ): Promise<ShippingMethodRecord | undefined> {
      const [row] = await db
        .update(shippingMethods)
        .set(setOrKeep(changes, { code: shippingMethods.code }))
        .where(eq(shippingMethods.code, code))
        .returning();
      return row;
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
        .set(setOrKeep(changes, { code: currencies.code }))
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

export type StoreSettingsRepository = ReturnType<typeof createStoreSettingsRepository>;
