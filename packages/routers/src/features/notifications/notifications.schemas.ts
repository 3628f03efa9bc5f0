import { DEVICE_PLATFORMS } from '@storefront/db/schema';
import { z } from 'zod';
import { envelope } from '../../envelope';
import { zDateTime, zId } from '../../zod-helpers';

export const ZRegisterDeviceInput = z.object({
  /** An Expo push token (`ExponentPushToken[…]`); checked with the SDK's own validator. */
  token: z.string().trim().min(1).max(255),
  platform: z.enum(DEVICE_PLATFORMS),
  app_version: z.string().trim().min(1).max(50).optional(),
  locale: z.string().trim().min(2).max(35).optional(),
});
export type RegisterDeviceInput = z.infer<typeof ZRegisterDeviceInput>;

export const ZDevice = z
  .object({
    id: z.number().int(),
    platform: z.enum(DEVICE_PLATFORMS),
    app_version: z.string().nullable(),
    locale: z.string().nullable(),
    created_at: zDateTime(),
    last_seen_at: zDateTime(),
  })
  .meta({ id: 'Device' });
export type DeviceDto = z.infer<typeof ZDevice>;

export const ZDeviceOutput = envelope(ZDevice);
export const ZDeviceListOutput = envelope(z.array(ZDevice));
export const ZDeviceId = z.object({ id: zId() });

export const ZNotificationPreferences = z
  .object({
    order_updates: z.boolean(),
    wishlist_alerts: z.boolean(),
    promotions: z.boolean(),
  })
  .meta({ id: 'NotificationPreferences' });
export type NotificationPreferencesDto = z.infer<typeof ZNotificationPreferences>;

/** PUT replaces: all three booleans are required, so a missing one is a 422, never a guess. */
export const ZUpdatePreferencesInput = ZNotificationPreferences;
export const ZPreferencesOutput = envelope(ZNotificationPreferences);
