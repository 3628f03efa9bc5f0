import type { Executor } from '@storefront/db/client';
import { deliverySettings } from '@storefront/db/schema';
import { eq, getTableColumns } from 'drizzle-orm';

export type DeliverySettingsRecord = Omit<typeof deliverySettings.$inferSelect, 'id' | 'updatedAt'>;

/** What a shop without a saved row gets (the columns' defaults, docs/delivery.md). */
export const DEFAULT_DELIVERY_SETTINGS: DeliverySettingsRecord = {
  dispatchDays: 1,
  cutoffHour: 14,
  holidays: [],
  defaultDeliverable: true,
  defaultCod: true,
  defaultMinDays: 2,
  defaultMaxDays: 5,
  codEnabled: true,
  codMinOrderCents: null,
  codMaxOrderCents: null,
  codFeeCents: 0,
  codRequiresVerifiedPhone: false,
  codMaxOpenOrders: 2,
  paymentLinkExpiryHours: 24,
};

const { id: _id, updatedAt: _updatedAt, ...columns } = getTableColumns(deliverySettings);

/** The shop's delivery settings: one row, id 1, written on the first save. */
export function createDeliverySettingsRepository(db: Executor) {
  return {
    async read(): Promise<DeliverySettingsRecord> {
      const [row] = await db
        .select(columns)
        .from(deliverySettings)
        .where(eq(deliverySettings.id, 1));
      return row ?? DEFAULT_DELIVERY_SETTINGS;
    },

    /** Locked until the caller's transaction ends, so two saves of different fields keep both. */
    async readForUpdate(): Promise<DeliverySettingsRecord> {
      await db.insert(deliverySettings).values({ id: 1 }).onConflictDoNothing();
      const [row] = await db
        .select(columns)
        .from(deliverySettings)
        .where(eq(deliverySettings.id, 1))
        .for('update');
      if (!row) throw new Error('delivery settings row missing after insert');
      return row;
    },

    async save(settings: DeliverySettingsRecord): Promise<void> {
      await db
        .update(deliverySettings)
        .set({ ...settings, updatedAt: new Date() })
        .where(eq(deliverySettings.id, 1));
    },
  };
}

export type DeliverySettingsRepository = ReturnType<typeof createDeliverySettingsRepository>;

/** How long a COD order's payment link stays payable, in hours (the payments slice's links). */
export async function paymentLinkExpiryHours(db: Executor): Promise<number> {
  return (await createDeliverySettingsRepository(db).read()).paymentLinkExpiryHours;
}
