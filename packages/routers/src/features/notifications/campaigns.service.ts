import { validationError } from '../../errors';
import { metaFor, type PageRequest, pageOffset } from '../../pagination';
import type { SendCampaignInput } from './notifications.admin.schemas';
import type { NotificationsServiceDeps } from './notifications.service';
import { CAMPAIGN_QUEUE, type CampaignBatchJob } from './push.jobs';
import { DEVICE_NOT_REGISTERED, removeUnregisteredDevices } from './push-tickets';

/*
 * Promotion campaigns (admin.notifications.send and list): the devices opted in to promotions
 * are fixed when the campaign is sent and pushed to in spaced-out batches by jobs. Part of the
 * notifications service (createNotificationsService spreads these in).
 */

/** Devices per campaign batch (one request to Expo: its limit is 100 messages). */
export const CAMPAIGN_BATCH_SIZE = 100;
/** Seconds between a campaign's batches: the throttle (about 100 pushes a second). */
const CAMPAIGN_BATCH_SPACING_SECONDS = 1;

export function createCampaignsService(deps: NotificationsServiceDeps) {
  const { repo, sender, metrics, config } = deps;
  const link = (path: string) => `${config.deepLinkBase}${path}`;

  return {
    /**
     * admin.notifications.send: fixes the devices of every customer who opted in to promotions
     * and queues them in batches, spaced out, with the campaign (one transaction): a restart
     * mid-campaign runs the batches not yet done, and none twice.
     */
    async sendCampaign(input: SendCampaignInput): Promise<{ id: number; targeted: number }> {
      if (input.product_id !== undefined && input.category_id !== undefined) {
        throw validationError({ category_id: ['Link a product or a category, not both.'] });
      }
      return deps.inTransaction(async (tx) => {
        if (input.product_id !== undefined && !(await tx.repo.productExists(input.product_id))) {
          throw validationError({ product_id: ['No product has this id.'] });
        }
        if (input.category_id !== undefined && !(await tx.repo.categoryExists(input.category_id))) {
          throw validationError({ category_id: ['No category has this id.'] });
        }
        const deviceIds = await tx.repo.promotionDeviceIds();
        const campaign = await tx.repo.createCampaign({
          title: input.title,
          body: input.body,
          productId: input.product_id ?? null,
          categoryId: input.category_id ?? null,
          targeted: deviceIds.length,
        });
        for (let start = 0; start < deviceIds.length; start += CAMPAIGN_BATCH_SIZE) {
          const batch = deviceIds.slice(start, start + CAMPAIGN_BATCH_SIZE);
          const index = start / CAMPAIGN_BATCH_SIZE;
          await tx.jobs.enqueue(
            CAMPAIGN_QUEUE,
            { campaignId: campaign.id, deviceIds: batch } satisfies CampaignBatchJob,
            index > 0 ? { startAfterSeconds: index * CAMPAIGN_BATCH_SPACING_SECONDS } : {},
          );
        }
        return { id: campaign.id, targeted: deviceIds.length };
      });
    },

    async listCampaigns(input: PageRequest) {
      const [rows, total] = await Promise.all([
        repo.listCampaigns(pageOffset(input)),
        repo.countCampaigns(),
      ]);
      return {
        items: rows.map((row) => ({
          id: row.id,
          title: row.title,
          body: row.body,
          product_id: row.productId,
          category_id: row.categoryId,
          targeted: row.targeted,
          sent: row.sent,
          failed: row.failed,
          removed: row.removed,
          created_at: row.createdAt.toISOString(),
        })),
        meta: metaFor(input, total),
      };
    },

    /**
     * One campaign batch: one push per device still there and still opted in. A failed request
     * fails the job (retried: nothing of it was counted); refusals are counted, not retried.
     */
    async deliverCampaignBatch(job: { id: string; data: CampaignBatchJob }): Promise<void> {
      const campaign = await repo.campaign(job.data.campaignId);
      if (!campaign) return;
      const recipients = await repo.promotionDevices(job.data.deviceIds);
      if (recipients.length === 0) return;
      const url = campaign.productId
        ? link(`products/${campaign.productId}`)
        : campaign.categoryId
          ? link(`categories/${campaign.categoryId}`)
          : config.deepLinkBase;
      const tickets = await sender.send(
        recipients.map((device) => ({
          to: device.token,
          title: campaign.title,
          body: campaign.body,
          data: { type: 'promotion', campaign_id: campaign.id, url },
        })),
        { idempotencyKey: job.id },
      );
      const counts = { sent: 0, failed: 0, removed: 0 };
      const unregistered: string[] = [];
      tickets.forEach((ticket, index) => {
        const device = recipients[index];
        if (!device) return;
        if (ticket.status === 'ok') {
          counts.sent += 1;
          metrics.push('sent');
        } else if (ticket.error === DEVICE_NOT_REGISTERED) {
          unregistered.push(device.token);
        } else {
          counts.failed += 1;
          metrics.push('failed');
        }
      });
      await removeUnregisteredDevices(repo, metrics, unregistered);
      counts.removed = unregistered.length;
      await repo.addCampaignCounts(campaign.id, counts);
    },
  };
}
