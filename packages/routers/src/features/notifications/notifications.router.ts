import { ok, ZNullEnvelope } from '../../envelope';
import { customerProcedure, router } from '../../trpc';
import {
  ZDeviceId,
  ZDeviceListOutput,
  ZDeviceOutput,
  ZPreferencesOutput,
  ZRegisterDeviceInput,
  ZUpdatePreferencesInput,
} from './notifications.schemas';

const tags = ['notifications'];

export const notificationsRouter = router({
  registerDevice: customerProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/customer/devices',
        tags,
        summary: 'Register a push device',
        description:
          'Registers an Expo push token (`ExponentPushToken[…]`; anything else answers 422 errors.token) for this customer and session: 201 for a new device, 200 (last_seen_at renewed) for one already registered. A token registered by another account moves here. At most 10 devices per customer: the least recently seen goes. Logging this session out removes the device.',
      },
      successStatus: 201,
      okWhenExisting: true,
    })
    .input(ZRegisterDeviceInput)
    .output(ZDeviceOutput)
    .mutation(async ({ ctx, input }) => {
      const { device, created } = await ctx.services.notifications.registerDevice(
        ctx.session.user.id,
        ctx.session.sessionId,
        input,
      );
      if (!created) ctx.response.status = 200;
      return ok(device, created ? 'Device registered.' : 'Device already registered.');
    }),

  listDevices: customerProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/customer/devices',
        tags,
        summary: 'List devices',
        description: "The customer's devices, most recently seen first (the tokens are not shown).",
      },
    })
    .output(ZDeviceListOutput)
    .query(async ({ ctx }) =>
      ok(await ctx.services.notifications.listDevices(ctx.session.user.id)),
    ),

  removeDevice: customerProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/customer/devices/{id}',
        tags,
        summary: 'Remove a device',
        description:
          "Stops pushes to this device. Another customer's device answers 404 like an unknown id.",
      },
    })
    .input(ZDeviceId)
    .output(ZNullEnvelope)
    .mutation(async ({ ctx, input }) =>
      ok(
        await ctx.services.notifications.removeDevice(ctx.session.user.id, input.id),
        'Device removed.',
      ),
    ),

  preferences: customerProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/customer/notification-preferences',
        tags,
        summary: 'Get notification preferences',
        description:
          'Which pushes the customer gets: order updates, wishlist alerts (back in stock, price drops) and promotions. Defaults: true, true, false.',
      },
    })
    .output(ZPreferencesOutput)
    .query(async ({ ctx }) =>
      ok(await ctx.services.notifications.preferences(ctx.session.user.id)),
    ),

  updatePreferences: customerProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/customer/notification-preferences',
        tags,
        summary: 'Update notification preferences',
        description:
          'Replaces the preferences: all three booleans are required (422 naming the missing one). Pushes already queued read them when they are sent.',
      },
    })
    .input(ZUpdatePreferencesInput)
    .output(ZPreferencesOutput)
    .mutation(async ({ ctx, input }) =>
      ok(
        await ctx.services.notifications.updatePreferences(ctx.session.user.id, input),
        'Notification preferences saved.',
      ),
    ),
});
