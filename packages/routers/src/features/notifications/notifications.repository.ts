import type { Executor } from '@storefront/db/client';
import {
  type DevicePlatform,
  devices,
  notificationPreferences,
  pushCampaigns,
  type WishlistAlertKind,
  wishlistAlertEvents,
  wishlistAlertsSent,
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

/**
 * The rows a push is about live in other slices (docs/architecture.md, "Tables have owners"):
 * their owners' reads, passed by the composition root (those slices import this one to enqueue
 * pushes, so it cannot import them back).
 */
export interface NotificationReads {
  /** Holds the customer's row until the transaction ends (auth). */
  lockUser(db: Executor, userId: number): Promise<unknown>;
  orderForPush(
    db: Executor,
    orderId: number,
  ): Promise<
    | {
        id: number;
        userId: number;
        orderNumber: string;
        paymentStatus: string;
        carrier: string | null;
        trackingNumber: string | null;
        totalCents: number;
        currency: string;
      }
    | undefined
  >;
  /** The customers with the product on their wishlist, in id order. */
  customersWishingFor(db: Executor, productId: number): Promise<number[]>;
  productForPush(
    db: Executor,
    productId: number,
  ): Promise<{ id: number; name: string; active: boolean } | undefined>;
  productExists(db: Executor, id: number): Promise<boolean>;
  categoryExists(db: Executor, id: number): Promise<boolean>;
  gatewayOrderOwner(db: Executor, gatewayOrderId: string): Promise<number | undefined>;
}

export function createNotificationsRepository(db: Executor, reads: NotificationReads) {
  return {
    /** Holds the customer's row until the transaction ends: device registrations queue up. */
    async lockUser(userId: number): Promise<void> {
      await reads.lockUser(db, userId);
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
    orderForPush(orderId: number) {
      return reads.orderForPush(db, orderId);
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
      const wishing = await reads.customersWishingFor(db, productId);
      if (wishing.length === 0) return [];
      // No preferences row: alerts are on (DEFAULT_PREFERENCES).
      const optedOut = await db
        .select({ userId: notificationPreferences.userId })
        .from(notificationPreferences)
        .where(
          and(
            inArray(notificationPreferences.userId, wishing),
            eq(notificationPreferences.wishlistAlerts, false),
          ),
        );
      const out = new Set(optedOut.map((row) => row.userId));
      return wishing.filter((userId) => !out.has(userId));
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

    productForPush(productId: number) {
      return reads.productForPush(db, productId);
    },

    productExists(id: number): Promise<boolean> {
      return reads.productExists(db, id);
    },

    categoryExists(id: number): Promise<boolean> {
      return reads.categoryExists(db, id);
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
    gatewayOrderOwner(gatewayOrderId: string): Promise<number | undefined> {
      return reads.gatewayOrderOwner(db, gatewayOrderId);
    },
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
