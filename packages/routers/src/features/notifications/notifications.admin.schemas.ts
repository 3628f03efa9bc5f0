import { z } from 'zod';
import { envelope, paginatedEnvelope } from '../../envelope';
import { pageQuery } from '../../pagination';
import { zDateTime, zId } from '../../zod-helpers';

export const ZSendCampaignInput = z.object({
  title: z.string().trim().min(1).max(65),
  body: z.string().trim().min(1).max(240),
  /** Where the push opens: a product, or a category (not both); neither: the app's home. */
  product_id: zId().optional(),
  category_id: zId().optional(),
});
export type SendCampaignInput = z.infer<typeof ZSendCampaignInput>;

export const ZSendCampaignOutput = envelope(
  z.object({ id: z.number().int(), targeted: z.number().int() }),
);

export const ZCampaign = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  product_id: z.number().int().nullable(),
  category_id: z.number().int().nullable(),
  targeted: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  removed: z.number().int(),
  created_at: zDateTime(),
});

export const ZCampaignListInput = z.object({ ...pageQuery });
export const ZCampaignListOutput = paginatedEnvelope(ZCampaign);
