import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
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
    sessionId: text('session_id').references(() => sessions.id, { onDelete: 'set null' }),
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
