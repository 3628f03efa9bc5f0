import { AppError, validationError } from '../../errors';
import type { BusinessMetrics, Clock, PushMessage, PushSender, PushTicket } from '../../ports';
import type { InTransaction } from '../../transactions';
import { createCampaignsService } from './campaigns.service';
import type {
  DeviceRecord,
  NotificationsRepository,
  PreferenceName,
  PreferencesRecord,
} from './notifications.repository';
import type {
  DeviceDto,
  NotificationPreferencesDto,
  RegisterDeviceInput,
} from './notifications.schemas';
import {
  PUSH_QUEUE,
  PUSH_RECEIPTS_QUEUE,
  type PushJob,
  type PushJobs,
  type PushReceiptsJob,
} from './push.jobs';
import { DEVICE_NOT_REGISTERED, removeUnregisteredDevices } from './push-tickets';

/** At most this many devices per customer; registering one more drops the least recently seen. */
export const MAX_DEVICES_PER_CUSTOMER = 10;
/** Receipts asked for at most this many times (Expo keeps them for a day). */
const MAX_RECEIPT_ROUNDS = 5;

export interface NotificationsConfig {
  /** The app's deep-link base (APP_DEEP_LINK_BASE), e.g. `myshop://`: links are `orders/42` on it. */
  deepLinkBase: string;
  /** Seconds between sending and reading the receipts (Expo: within about 15 minutes). */
  receiptDelaySeconds: number;
}

export interface NotificationsServiceDeps {
  repo: NotificationsRepository;
  inTransaction: InTransaction<{ repo: NotificationsRepository; jobs: PushJobs }>;
  /** Queues follow-up jobs (retries of refused pushes, receipts) outside any transaction. */
  jobs: PushJobs;
  sender: PushSender;
  metrics: BusinessMetrics;
  clock: Clock;
  config: NotificationsConfig;
}

const toDeviceDto = (device: DeviceRecord): DeviceDto => ({
  id: device.id,
  platform: device.platform,
  app_version: device.appVersion,
  locale: device.locale,
  created_at: device.createdAt.toISOString(),
  last_seen_at: device.lastSeenAt.toISOString(),
});

const toPreferencesDto = (prefs: PreferencesRecord): NotificationPreferencesDto => ({
  order_updates: prefs.orderUpdates,
  wishlist_alerts: prefs.wishlistAlerts,
  promotions: prefs.promotions,
});

const amount = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency}`;

/** A push's text and data, or undefined when there is nothing to say (the order is gone). */
interface Composed {
  userId: number;
  preference: PreferenceName;
  title: string;
  body: string;
  data: Record<string, unknown>;
}

export function createNotificationsService(deps: NotificationsServiceDeps) {
  const { repo, sender, metrics, config } = deps;
  const link = (path: string) => `${config.deepLinkBase}${path}`;

  async function compose(job: PushJob): Promise<Composed | undefined> {
    if (job.kind === 'wishlist') {
      const product = await repo.productForPush(job.productId);
      if (!product?.active) return undefined;
      return {
        userId: job.userId,
        preference: 'wishlistAlerts',
        ...(job.type === 'back_in_stock'
          ? { title: 'Back in stock', body: `${product.name} from your wishlist is back in stock.` }
          : { title: 'Price drop', body: `${product.name} from your wishlist now costs less.` }),
        data: { type: job.type, product_id: product.id, url: link(`products/${product.id}`) },
      };
    }
    if (job.kind === 'payment-failed') {
      const userId = await repo.gatewayOrderOwner(job.gatewayOrderId);
      if (userId === undefined) return undefined;
      return {
        userId,
        preference: 'orderUpdates',
        title: 'Payment failed',
        body: `Your payment did not go through (${job.reason}). Your cart is waiting: try again or choose another way to pay.`,
        // No order exists yet: the payment failed before one was placed.
        data: { type: 'payment_failed', order_id: null, url: link('checkout') },
      };
    }
    const order = await repo.orderForPush(job.orderId);
    if (!order) return undefined;
    if (job.kind === 'return') {
      const said = {
        return_approved: ['approved', 'Send the items back as agreed.'],
        return_rejected: ['not accepted', 'See the e-mail we sent you for why.'],
        return_refunded: ['refunded', 'Your refund is on its way.'],
        return_exchanged: ['exchanged', 'Your replacement is on its way.'],
      }[job.type];
      return {
        userId: order.userId,
        preference: 'orderUpdates',
        title: `Return ${job.returnNumber} ${said[0]}`,
        body: said[1] ?? '',
        data: {
          type: job.type,
          return_id: job.returnId,
          order_id: order.id,
          url: link(`returns/${job.returnId}`),
        },
      };
    }
    const number = order.orderNumber;
    const texts: Record<typeof job.type, { title: string; body: string }> = {
      order_placed: {
        title: `Order ${number} placed`,
        body: `Thank you! We have your order of ${amount(order.totalCents, order.currency)}.`,
      },
      order_processing: {
        title: `Order ${number} is being prepared`,
        body: 'We are packing your order.',
      },
      order_shipped: {
        title: `Order ${number} has shipped`,
        body:
          order.carrier && order.trackingNumber
            ? `On its way with ${order.carrier}, tracking number ${order.trackingNumber}.`
            : 'Your order is on its way.',
      },
      order_completed: {
        title: `Order ${number} delivered`,
        body: 'Your order has been delivered. Enjoy!',
      },
      order_paid: {
        title: `Order ${number} paid`,
        body: 'Thank you! Your payment is in: nothing is due on delivery.',
      },
      order_canceled: {
        title: `Order ${number} cancelled`,
        body:
          order.paymentStatus === 'refund_pending' || order.paymentStatus === 'refunded'
            ? `Your order was cancelled; ${amount(order.totalCents, order.currency)} will be refunded to your payment method.`
            : 'Your order was cancelled.',
      },
    };
    return {
      userId: order.userId,
      preference: 'orderUpdates',
      ...texts[job.type],
      data: { type: job.type, order_id: order.id, url: link(`orders/${order.id}`) },
    };
  }

  const removeUnregistered = (tokens: string[]) => removeUnregisteredDevices(repo, metrics, tokens);

  return {
    ...createCampaignsService(deps),

    async registerDevice(
      userId: number,
      sessionId: string,
      input: RegisterDeviceInput,
    ): Promise<{ device: DeviceDto; created: boolean }> {
      if (!sender.isPushToken(input.token)) {
        throw validationError({ token: ['The token must be an Expo push token.'] });
      }
      const { device, known } = await deps.inTransaction(async (tx) => {
        // One registration per customer at a time, so the cap holds under concurrent calls.
        await tx.repo.lockUser(userId);
        const registered = await tx.repo.upsertDevice(
          userId,
          sessionId,
          {
            token: input.token,
            platform: input.platform,
            appVersion: input.app_version ?? null,
            locale: input.locale ?? null,
          },
          deps.clock.now(),
        );
        await tx.repo.trimDevices(userId, MAX_DEVICES_PER_CUSTOMER);
        return registered;
      });
      return { device: toDeviceDto(device), created: !known };
    },

    async listDevices(userId: number): Promise<DeviceDto[]> {
      return (await repo.list(userId)).map(toDeviceDto);
    },

    async removeDevice(userId: number, id: number): Promise<null> {
      if (!(await repo.remove(userId, id))) throw new AppError('NOT_FOUND');
      return null;
    },

    /** Logout: the devices registered with this session stop getting pushes. */
    async forgetSession(sessionId: string): Promise<void> {
      await repo.removeForSession(sessionId);
    },

    async preferences(userId: number): Promise<NotificationPreferencesDto> {
      return toPreferencesDto(await repo.preferences(userId));
    },

    async updatePreferences(
      userId: number,
      input: NotificationPreferencesDto,
    ): Promise<NotificationPreferencesDto> {
      return toPreferencesDto(
        await repo.savePreferences(userId, {
          orderUpdates: input.order_updates,
          wishlistAlerts: input.wishlist_alerts,
          promotions: input.promotions,
        }),
      );
    },

    /**
     * Runs a push job: one push per device of the customer who wants this kind (read now, so a
     * preference switched off since the event is respected). Tickets: `DeviceNotRegistered`
     * removes the device; other refusals are retried once by a job for those devices only, which
     * itself fails (and is retried with backoff, then listed as failed) while they keep failing.
     * Accepted pushes get their receipts read by a later job.
     */
    async deliver(job: { id: string; data: PushJob }): Promise<void> {
      const composed = await compose(job.data);
      if (!composed) return;
      const onlyDevices = job.data.deviceIds;
      const recipients = (await repo.recipients(composed.userId, composed.preference)).filter(
        (device) => !onlyDevices || onlyDevices.includes(device.id),
      );
      if (recipients.length === 0) return;
      const messages: PushMessage[] = recipients.map((device) => ({
        to: device.token,
        title: composed.title,
        body: composed.body,
        data: composed.data,
      }));
      const tickets: PushTicket[] = await sender.send(messages, { idempotencyKey: job.id });
      const unregistered: string[] = [];
      const refused: number[] = [];
      const accepted: PushReceiptsJob['tickets'] = [];
      tickets.forEach((ticket, index) => {
        const device = recipients[index];
        if (!device) return;
        if (ticket.status === 'ok') {
          metrics.push('sent');
          if (ticket.id) accepted.push({ id: ticket.id, token: device.token });
        } else if (ticket.error === DEVICE_NOT_REGISTERED) {
          unregistered.push(device.token);
        } else {
          metrics.push('failed');
          refused.push(device.id);
        }
      });
      await removeUnregistered(unregistered);
      if (accepted.length > 0) {
        await deps.jobs.enqueue(
          PUSH_RECEIPTS_QUEUE,
          { tickets: accepted, round: 0 } satisfies PushReceiptsJob,
          { startAfterSeconds: config.receiptDelaySeconds },
        );
      }
      if (refused.length === 0) return;
      if (onlyDevices) {
        throw new Error(`the push service refused ${refused.length} push(es) again`);
      }
      await deps.jobs.enqueue(PUSH_QUEUE, { ...job.data, deviceIds: refused } satisfies PushJob);
    },

    /**
     * Turns wishlist alert events (written by a trigger on products) into pushes: each customer
     * who has the product on the wishlist and wants alerts gets at most one alert per product per
     * UTC day. Events are taken, the day's alerts claimed and the pushes queued in one
     * transaction. Answers how many pushes were queued.
     */
    async processWishlistAlerts(): Promise<number> {
      const day = deps.clock.now().toISOString().slice(0, 10);
      return deps.inTransaction(async (tx) => {
        let queued = 0;
        for (const event of await tx.repo.takeAlertEvents(500)) {
          for (const userId of await tx.repo.wishlistAlertRecipients(event.productId)) {
            if (!(await tx.repo.claimDailyAlert(userId, event.productId, day))) continue;
            await tx.jobs.enqueue(PUSH_QUEUE, {
              kind: 'wishlist',
              type: event.kind,
              productId: event.productId,
              userId,
            } satisfies PushJob);
            queued += 1;
          }
        }
        return queued;
      });
    },

    /** Reads receipts: `DeviceNotRegistered` removes the device; those not ready are asked again. */
    async checkReceipts(job: PushReceiptsJob): Promise<void> {
      const receipts = await sender.receipts(job.tickets.map((ticket) => ticket.id));
      const unregistered: string[] = [];
      const pending: PushReceiptsJob['tickets'] = [];
      for (const ticket of job.tickets) {
        const receipt = receipts[ticket.id];
        if (!receipt) pending.push(ticket);
        else if (receipt.status === 'error') {
          if (receipt.error === DEVICE_NOT_REGISTERED) unregistered.push(ticket.token);
          else metrics.push('failed');
        }
      }
      await removeUnregistered(unregistered);
      if (pending.length > 0 && job.round + 1 < MAX_RECEIPT_ROUNDS) {
        await deps.jobs.enqueue(
          PUSH_RECEIPTS_QUEUE,
          { tickets: pending, round: job.round + 1 } satisfies PushReceiptsJob,
          { startAfterSeconds: config.receiptDelaySeconds },
        );
      }
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
