import { BANNER_LINK_TYPES } from '@storefront/db/schema';
import { z } from 'zod';
import { envelope } from '../../envelope';
import { zDateTime } from '../../zod-helpers';

export const ZBanner = z
  .object({
    id: z.number().int(),
    identifier: z.string(),
    title: z.string(),
    subtitle: z.string().nullable(),
    image_url: z.string(),
    link_type: z.enum(BANNER_LINK_TYPES),
    link_value: z
      .string()
      .nullable()
      .meta({ description: 'Product id, category id or URL, by link_type; null for none' }),
    position: z.number().int(),
    starts_at: zDateTime().nullable(),
    ends_at: zDateTime().nullable(),
  })
  .meta({ id: 'Banner' });
export type BannerDto = z.infer<typeof ZBanner>;

export const ZBannerIdentifierInput = z.object({ identifier: z.string().trim().min(1).max(100) });

export const ZBannerOutput = envelope(ZBanner);
export const ZBannerListOutput = envelope(z.array(ZBanner));
