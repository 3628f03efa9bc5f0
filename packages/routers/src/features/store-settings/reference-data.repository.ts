import type { Executor } from '@storefront/db/client';
import {
  currencies,
  type PaymentMethodType,
  paymentMethods,
  shippingMethods,
} from '@storefront/db/schema';
import { and, asc, desc, eq } from 'drizzle-orm';

export type ShippingMethodRecord = typeof shippingMethods.$inferSelect;
export type PaymentMethodRecord = typeof paymentMethods.$inferSelect;

const currencyColumns = {
  code: currencies.code,
  name: currencies.name,
  symbol: currencies.symbol,
  exchangeRate: currencies.exchangeRate,
  decimalPlaces: currencies.decimalPlaces,
  isDefault: currencies.isDefault,
};
export type CurrencyRow = {
  [K in keyof typeof currencyColumns]: (typeof currencies.$inferSelect)[K];
};

/**
 * The store's reference data as the storefront reads it: currencies, the tax rate, shipping and
 * payment methods. Carts and checkout read it on every request; the back office writes it
 * (store-settings.repository.ts), and reference-cache.ts remembers it for a few seconds.
 */
export function createReferenceDataRepository(db: Executor) {
  return {
    /** The default currency's code (every price is in it). */
    async defaultCurrency(): Promise<string | undefined> {
      const [row] = await db
        .select({ code: currencies.code })
        .from(currencies)
        .where(eq(currencies.isDefault, true));
      return row?.code;
    },

    /** The currencies the app may show, the default first. */
    currencies(): Promise<CurrencyRow[]> {
      return db
        .select(currencyColumns)
        .from(currencies)
        .orderBy(desc(currencies.isDefault), asc(currencies.position), asc(currencies.code));
    },

    async defaultCurrencyRow(): Promise<CurrencyRow | undefined> {
      const [row] = await db
        .select(currencyColumns)
        .from(currencies)
        .where(eq(currencies.isDefault, true));
      return row;
    },

    /** An offered (active) shipping method. */
    async shippingMethod(code: string): Promise<ShippingMethodRecord | undefined> {
      const [method] = await db
        .select()
        .from(shippingMethods)
        .where(and(eq(shippingMethods.code, code), eq(shippingMethods.active, true)));
      return method;
    },

    activeShippingMethods(): Promise<ShippingMethodRecord[]> {
      return db
        .select()
        .from(shippingMethods)
        .where(eq(shippingMethods.active, true))
        .orderBy(asc(shippingMethods.position), asc(shippingMethods.code));
    },

    /** An offered (active) payment method. */
    async paymentMethod(code: string): Promise<PaymentMethodRecord | undefined> {
      const [method] = await db
        .select()
        .from(paymentMethods)
        .where(and(eq(paymentMethods.code, code), eq(paymentMethods.active, true)));
      return method;
    },

    activePaymentMethods(): Promise<PaymentMethodRecord[]> {
      return db
        .select()
        .from(paymentMethods)
        .where(eq(paymentMethods.active, true))
        .orderBy(asc(paymentMethods.position), asc(paymentMethods.code));
    },

    /** A method's type, active or not (a refund goes back the way an old order paid). */
    async paymentMethodType(code: string): Promise<PaymentMethodType | undefined> {
      const [row] = await db
        .select({ type: paymentMethods.type })
        .from(paymentMethods)
        .where(eq(paymentMethods.code, code));
      return row?.type;
    },
  };
}

export type ReferenceDataRepository = ReturnType<typeof createReferenceDataRepository>;
