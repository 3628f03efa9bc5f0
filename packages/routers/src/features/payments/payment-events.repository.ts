import type { Executor } from '@storefront/db/client';
import { paymentWebhookEvents } from '@storefront/db/schema';
import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';

export type PaymentEventRecord = typeof paymentWebhookEvents.$inferSelect;

/** Razorpay webhook deliveries, each stored once by its event id and once by its subject. */
export function createPaymentEventsRepository(db: Executor) {
  return {
    /**
     * False when the event was stored already (a redelivery, or the same subject under another
     * event id). With `outcome`, it is stored as handled already.
     */
    async insert(event: {
      eventId: string;
      event: string;
      subject: string | null;
      payload: unknown;
      outcome?: string;
    }): Promise<boolean> {
      const rows = await db
        .insert(paymentWebhookEvents)
        .values({
          ...event,
          ...(event.outcome === undefined ? {} : { processedAt: sql`now()` }),
        })
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

    /** The event stored for this news (kind and payment or refund id), whatever its event id. */
    async findBySubject(subject: string): Promise<PaymentEventRecord | undefined> {
      const [row] = await db
        .select()
        .from(paymentWebhookEvents)
        .where(eq(paymentWebhookEvents.subject, subject));
      return row;
    },

    /**
     * Takes the event for handling (atomically): undefined while another worker's claim is newer
     * than `staleBefore`. A claim left by a worker that died goes stale.
     */
    async claim(eventId: string, staleBefore: Date): Promise<PaymentEventRecord | undefined> {
      const [row] = await db
        .update(paymentWebhookEvents)
        .set({ claimedAt: sql`now()` })
        .where(
          and(
            eq(paymentWebhookEvents.eventId, eventId),
            or(
              isNull(paymentWebhookEvents.claimedAt),
              lt(paymentWebhookEvents.claimedAt, staleBefore),
            ),
          ),
        )
        .returning();
      return row;
    },

    async release(eventId: string): Promise<void> {
      await db
        .update(paymentWebhookEvents)
        .set({ claimedAt: null })
        .where(eq(paymentWebhookEvents.eventId, eventId));
    },

    async markProcessed(eventId: string, outcome: string): Promise<void> {
      await db
        .update(paymentWebhookEvents)
        .set({ processedAt: sql`now()`, outcome })
        .where(eq(paymentWebhookEvents.eventId, eventId));
    },

    /** Drops the payloads of events received before `before`; the rest of each row stays. */
    async dropPayloads(before: Date): Promise<number> {
      const dropped = await db
        .update(paymentWebhookEvents)
        .set({ payload: null })
        .where(
          and(lt(paymentWebhookEvents.receivedAt, before), isNotNull(paymentWebhookEvents.payload)),
        )
        .returning({ eventId: paymentWebhookEvents.eventId });
      return dropped.length;
    },
  };
}

export type PaymentEventsRepository = ReturnType<typeof createPaymentEventsRepository>;
