import { boolean, date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { categories, products } from './catalog';
import { createdAt, id, timestamptz, updatedAt } from './columns';
import { sessions, users } from './users';

export const DEVICE_PLATFORMS = ['ios', 'android'] as const;
export type DevicePlatform = (typeof DEVICE_PLATFORMS)[number];

/**
 * Phones that receive pushes: one row per Expo push token (unique), owned by one customer at a
 * time (registering it on another account moves it). `session_id` is the session that registered
 * it: logging that session out removes the device; a session ending otherwise (refresh, password
 * change) only unlinks it, and the app's next registration links it again.
 */
export const devices = pgTable(
  'devices',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * The session that registered it: logging out removes the device. A refreshed session keeps
     * its row under a new id, and the device follows (on update cascade).
     */
    sessionId: text('session_id').references(() => sessions.id, {
      onDelete: 'set null',
      onUpdate: 'cascade',
    }),
    token: text('token').notNull().unique(),
    platform: text('platform', { enum: DEVICE_PLATFORMS }).notNull(),
    appVersion: text('app_version'),
    locale: text('locale'),
    createdAt: createdAt(),
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
  },
  (t) => [
    index('devices_user_id_idx').on(t.userId, t.lastSeenAt),
    index('devices_session_id_idx').on(t.sessionId),
  ],
);

/** A customer's push choices; no row means the defaults (order updates and wishlist alerts on). */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  orderUpdates: boolean('order_updates').notNull().default(true),
  wishlistAlerts: boolean('wishlist_alerts').notNull().default(true),
  promotions: boolean('promotions').notNull().default(false),
  updatedAt: updatedAt(),
});

export const WISHLIST_ALERT_KINDS = ['back_in_stock', 'price_drop'] as const;
export type WishlistAlertKind = (typeof WISHLIST_ALERT_KINDS)[number];

/**
 * A product came back in stock or got cheaper: written by a trigger on `products` (custom
 * migration `wishlist_alert_trigger`) in the same transaction as the change, whichever code made
 * it (admin edit, a cancelled order's stock coming back); drained by the `wishlist-alerts` job.
 */
export const wishlistAlertEvents = pgTable('wishlist_alert_events', {
  id: id(),
  productId: integer('product_id')
    .notNull()
    .references(() => products.id, { onDelete: 'cascade' }),
  kind: text('kind', { enum: WISHLIST_ALERT_KINDS }).notNull(),
  createdAt: createdAt(),
});

/** One alert per product per customer per (UTC) day: the primary key refuses a second. */
export const wishlistAlertsSent = pgTable(
  'wishlist_alerts_sent',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId, t.day] })],
);

/**
 * A promotion the admin sent to every customer who opted in. The devices are fixed when it is
 * sent (`targeted`) and split into batch jobs queued with it; each batch adds its outcome to the
 * counts, so a restart mid-campaign resumes with the batches not yet done.
 */
export const pushCampaigns = pgTable('push_campaigns', {
  id: id(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
  categoryId: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
  targeted: integer('targeted').notNull().default(0),
  sent: integer('sent').notNull().default(0),
  failed: integer('failed').notNull().default(0),
  removed: integer('removed').notNull().default(0),
  createdAt: createdAt(),
});
