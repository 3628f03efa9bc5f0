import type { Executor } from '@storefront/db/client';
import {
  carts,
  categories,
  type DevicePlatform,
  devices,
  notificationPreferences,
  orders,
  products,
  pushCampaigns,
  users,
  type WishlistAlertKind,
  wishlistAlertEvents,
  wishlistAlertsSent,
  wishlistItems,
} from '@storefront/db/schema';
import { and, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';

export type DeviceRecord = typeof devices.$inferSelect;

export interface PreferencesRecord {
  orderUpdates: boolean;
  wishlistAlerts: boolean;
  promotions: boolean;
}

export const DEFAULT_PREFERENCES: PreferencesRecord = {
  orderUpdates: true,
  wishlistAlerts: true,
  promotions: false,
};

export type PreferenceName = keyof PreferencesRecord;

const preferenceColumn = {
  orderUpdates: notificationPreferences.orderUpdates,
  wishlistAlerts: notificationPreferences.wishlistAlerts,
  promotions: notificationPreferences.promotions,
} as const;

export function createNotificationsRepository(db: Executor) {
  return {
    /** Holds the customer's row until the transaction ends: device registrations queue up. */
    async lockUser(userId: number): Promise<void> {
      await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    },

    /**
     * Registers a token for the customer: a new row, or the token's row moved to this customer
     * and session and seen now. `known` says the token was already this customer's.
     */
    async upsertDevice(
      userId: number,
      sessionId: string,
      device: {
        token: string;
        platform: DevicePlatform;
        appVersion: string | null;
        locale: string | null;
      },
      now: Date,
    ): Promise<{ device: DeviceRecord; known: boolean }> {
      const [previous] = await db
        .select({ userId: devices.userId })
        .from(devices)
        .where(eq(devices.token, device.token))
        .for('update');
      const [row] = await db
        .insert(devices)
        .values({ userId, sessionId, ...device, createdAt: now, lastSeenAt: now })
        .onConflictDoUpdate({
          target: devices.token,
          set: {
            // A token moved to another account is a new device there.
            createdAt: sql`case when ${devices.userId} = excluded.user_id then ${devices.createdAt} else excluded.created_at end`,
            userId: sql`excluded.user_id`,
            sessionId: sql`excluded.session_id`,
            platform: sql`excluded.platform`,
            appVersion: sql`excluded.app_version`,
            locale: sql`excluded.locale`,
            lastSeenAt: sql`excluded.last_seen_at`,
          },
        })
        .returning();
      if (!row) throw new Error('device upsert returned no row');
      return { device: row, known: previous?.userId === userId };
    },

    /** Keeps the customer's `keep` most recently seen devices and deletes the rest. */
    async trimDevices(userId: number, keep: number): Promise<void> {
      const kept = await db
        .select({ id: devices.id })
        .from(devices)
        .where(eq(devices.userId, userId))
        .orderBy(desc(devices.lastSeenAt), desc(devices.id))
        .limit(keep);
      await db.delete(devices).where(
        and(
          eq(devices.userId, userId),
          notInArray(
            devices.id,
            kept.map((d) => d.id),
          ),
        ),
      );
    },

    list(userId: number): Promise<DeviceRecord[]> {
      return db
        .select()
        .from(devices)
        .where(eq(devices.userId, userId))
        .orderBy(desc(devices.lastSeenAt), desc(devices.id));
    },

    /** True when this customer's device was deleted. */
    async remove(userId: number, id: number): Promise<boolean> {
      const deleted = await db
        .delete(devices)
        .where(and(eq(devices.id, id), eq(devices.userId, userId)))
        .returning({ id: devices.id });
      return deleted.length > 0;
    },

    async removeForSession(sessionId: string): Promise<void> {
      await db.delete(devices).where(eq(devices.sessionId, sessionId));
    },

    /** Deletes devices by token (Expo said DeviceNotRegistered); how many went. */
    async removeTokens(tokens: string[]): Promise<number> {
      if (tokens.length === 0) return 0;
      const deleted = await db
        .delete(devices)
        .where(inArray(devices.token, tokens))
        .returning({ id: devices.id });
      return deleted.length;
    },

    async preferences(userId: number): Promise<PreferencesRecord> {
      const [row] = await db
        .select({
          orderUpdates: notificationPreferences.orderUpdates,
          wishlistAlerts: notificationPreferences.wishlistAlerts,
          promotions: notificationPreferences.promotions,
        })
        .from(notificationPreferences)
        .where(eq(notificationPreferences.userId, userId));
      return row ?? DEFAULT_PREFERENCES;
    },

    async savePreferences(userId: number, prefs: PreferencesRecord): Promise<PreferencesRecord> {
      await db
        .insert(notificationPreferences)
        .values({ userId, ...prefs })
        .onConflictDoUpdate({ target: notificationPreferences.userId, set: prefs });
      return prefs;
    },

    /**
     * The tokens of a customer's devices, when the customer wants this kind of push (no
     * preferences row: the defaults).
     */
    async recipients(userId: number, preference: PreferenceName) {
      return db
        .select({ id: devices.id, token: devices.token })
        .from(devices)
        .leftJoin(notificationPreferences, eq(notificationPreferences.userId, devices.userId))
        .where(
          and(
            eq(devices.userId, userId),
            sql`coalesce(${preferenceColumn[preference]}, ${DEFAULT_PREFERENCES[preference]})`,
          ),
        )
        .orderBy(devices.id);
    },

    /** What an order push says. */
    async orderForPush(orderId: number) {
      const [row] = await db
        .select({
          id: orders.id,
          userId: orders.userId,
          orderNumber: orders.orderNumber,
          paymentStatus: orders.paymentStatus,
          carrier: orders.carrier,
          trackingNumber: orders.trackingNumber,
          totalCents: orders.totalCents,
          currency: orders.currency,
        })
        .from(orders)
        .where(eq(orders.id, orderId));
      return row;
    },

    /** Takes (deletes) up to `limit` alert events; concurrent takers skip each other's. */
    async takeAlertEvents(
      limit: number,
    ): Promise<Array<{ productId: number; kind: WishlistAlertKind }>> {
      const taken = db
        .select({ id: wishlistAlertEvents.id })
        .from(wishlistAlertEvents)
        .orderBy(wishlistAlertEvents.id)
        .limit(limit)
        .for('update', { skipLocked: true });
      return db
        .delete(wishlistAlertEvents)
        .where(inArray(wishlistAlertEvents.id, taken))
        .returning({ productId: wishlistAlertEvents.productId, kind: wishlistAlertEvents.kind });
    },

    /** Customers with the product on their wishlist who want wishlist alerts. */
    async wishlistAlertRecipients(productId: number): Promise<number[]> {
      const rows = await db
        .select({ userId: wishlistItems.userId })
        .from(wishlistItems)
        .leftJoin(notificationPreferences, eq(notificationPreferences.userId, wishlistItems.userId))
        .where(
          and(
            eq(wishlistItems.productId, productId),
            sql`coalesce(${notificationPreferences.wishlistAlerts}, true)`,
          ),
        )
        .orderBy(wishlistItems.userId);
      return rows.map((row) => row.userId);
    },

    /** True when no alert about this product reached this customer on `day` yet (now one has). */
    async claimDailyAlert(userId: number, productId: number, day: string): Promise<boolean> {
      const inserted = await db
        .insert(wishlistAlertsSent)
        .values({ userId, productId, day })
        .onConflictDoNothing()
        .returning({ userId: wishlistAlertsSent.userId });
      return inserted.length > 0;
    },

    async productForPush(productId: number) {
      const [row] = await db
        .select({ id: products.id, name: products.name, active: products.active })
        .from(products)
        .where(eq(products.id, productId));
      return row;
    },

    async productExists(id: number): Promise<boolean> {
      return (await db.$count(products, eq(products.id, id))) > 0;
    },

    async categoryExists(id: number): Promise<boolean> {
      return (await db.$count(categories, eq(categories.id, id))) > 0;
    },

    /** Every device whose customer opted in to promotions, in id order. */
    async promotionDeviceIds(): Promise<number[]> {
      const rows = await db
        .select({ id: devices.id })
        .from(devices)
        .innerJoin(notificationPreferences, eq(notificationPreferences.userId, devices.userId))
        .where(eq(notificationPreferences.promotions, true))
        .orderBy(devices.id);
      return rows.map((row) => row.id);
    },

    async createCampaign(campaign: {
      title: string;
      body: string;
      productId: number | null;
      categoryId: number | null;
      targeted: number;
    }) {
      const [row] = await db.insert(pushCampaigns).values(campaign).returning();
      if (!row) throw new Error('campaign insert returned no row');
      return row;
    },

    async campaign(id: number) {
      const [row] = await db.select().from(pushCampaigns).where(eq(pushCampaigns.id, id));
      return row;
    },

    listCampaigns(page: { limit: number; offset: number }) {
      return db
        .select()
        .from(pushCampaigns)
        .orderBy(desc(pushCampaigns.id))
        .limit(page.limit)
        .offset(page.offset);
    },

    countCampaigns(): Promise<number> {
      return db.$count(pushCampaigns);
    },

    /** Adds one batch's outcome to the campaign's counts. */
    async addCampaignCounts(
      id: number,
      counts: { sent: number; failed: number; removed: number },
    ): Promise<void> {
      await db
        .update(pushCampaigns)
        .set({
          sent: sql`${pushCampaigns.sent} + ${counts.sent}`,
          failed: sql`${pushCampaigns.failed} + ${counts.failed}`,
          removed: sql`${pushCampaigns.removed} + ${counts.removed}`,
        })
        .where(eq(pushCampaigns.id, id));
    },

    /** The batch's devices still there whose customer still wants promotions. */
    async promotionDevices(ids: number[]) {
      if (ids.length === 0) return [];
      return db
        .select({ id: devices.id, token: devices.token })
        .from(devices)
        .innerJoin(notificationPreferences, eq(notificationPreferences.userId, devices.userId))
        .where(and(inArray(devices.id, ids), eq(notificationPreferences.promotions, true)))
        .orderBy(devices.id);
    },

    /** The customer whose checkout a gateway order was issued for. */
    async gatewayOrderOwner(gatewayOrderId: string): Promise<number | undefined> {
      const [row] = await db
        .select({ userId: carts.userId })
        .from(carts)
        .where(eq(carts.gatewayOrderId, gatewayOrderId));
      return row?.userId ?? undefined;
    },
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
