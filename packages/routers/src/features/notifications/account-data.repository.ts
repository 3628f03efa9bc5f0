import type { Executor } from '@storefront/db/client';
import { devices, notificationPreferences, wishlistAlertsSent } from '@storefront/db/schema';
import { asc, eq } from 'drizzle-orm';

/** The notifications slice's part of an account's deletion and export (the account slice composes). */

/** The customer's devices and preferences. */
export async function eraseDevicesAndPreferences(db: Executor, userId: number): Promise<void> {
  await db.delete(devices).where(eq(devices.userId, userId));
  await db.delete(notificationPreferences).where(eq(notificationPreferences.userId, userId));
}

/** Which wishlist alerts the customer was sent. */
export async function eraseWishlistAlertsSent(db: Executor, userId: number): Promise<void> {
  await db.delete(wishlistAlertsSent).where(eq(wishlistAlertsSent.userId, userId));
}

export function exportDevices(db: Executor, userId: number) {
  return db.select().from(devices).where(eq(devices.userId, userId)).orderBy(asc(devices.id));
}

export async function exportPreferences(db: Executor, userId: number) {
  const [row] = await db
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return row;
}
