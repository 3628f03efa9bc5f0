import type { Executor } from '@storefront/db/client';
import { paymentWebhookEvents } from '@storefront/db/schema';
import { eq, sql } from 'drizzle-orm';

export type PaymentEventRecord = typeof paymentWebhookEvents.$inferSelect;

/** Razorpay webhook deliveries, each stored once by its event id. */
export function createPaymentEventsRepository(db: Executor) {
  return {
    /** False when the event was stored already (a redelivery). */
    async insert(event: { eventId: string; event: string; payload: unknown }): Promise<boolean> {
      const rows = await db
        .insert(paymentWebhookEvents)
        .values(event)
        .onConflictDoNothing()
        .returning({ eventId: paymentWebhookEvents.eventId });
      return rows.length > 0;
    },

    async find(eventId: string): Promise<PaymentEventRecord | undefined> {
      const [row] = await db
        .select()
        .from(paymentWebhookEvents)
        .where(eq(paymentWebhookEvents.eventId, eventId));
      return row;
    },

    async markProcessed(eventId: string, outcome: string): Promise<void> {
      await db
        .update(paymentWebhookEvents)
        .set({ processedAt: sql`now()`, outcome })
        .where(eq(paymentWebhookEvents.eventId, eventId));
    },
  };
}

export type PaymentEventsRepository = ReturnType<typeof createPaymentEventsRepository>;
