import type { Executor } from '@storefront/db/client';
import { paymentMethods } from '@storefront/db/schema';
import { and, asc, eq } from 'drizzle-orm';

export type PaymentMethodRecord = typeof paymentMethods.$inferSelect;

export function createCheckoutRepository(db: Executor) {
  return {
    activePaymentMethods(): Promise<PaymentMethodRecord[]> {
      return db
        .select()
        .from(paymentMethods)
        .where(eq(paymentMethods.active, true))
        .orderBy(asc(paymentMethods.position), asc(paymentMethods.code));
    },

    async paymentMethod(code: string): Promise<PaymentMethodRecord | undefined> {
      const [method] = await db
        .select()
        .from(paymentMethods)
        .where(and(eq(paymentMethods.code, code), eq(paymentMethods.active, true)));
      return method;
    },
  };
}

export type CheckoutRepository = ReturnType<typeof createCheckoutRepository>;
