import { BANNER_LINK_TYPES } from '@storefront/db/schema';
import { z } from 'zod';
import { envelope } from '../../envelope';
import { zDateTime, zId, zPosition, zWebUrl } from '../../zod-helpers';
import { ZBanner } from './content.schemas';

/* Back-office DTOs of banners. Updates take the fields of create, all optional. */

export const ZAdminBanner = ZBanner.extend({
  active: z.boolean(),
  created_at: zDateTime(),
  updated_at: zDateTime(),
}).meta({ id: 'AdminBanner' });
export const ZAdminBannerOutput = envelope(ZAdminBanner);
export const ZAdminBannerListOutput = envelope(z.array(ZAdminBanner));

const bannerFields = {
  identifier: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z0-9_-]+$/, 'Letters, digits, "-" and "_" only.'),
  title: z.string().trim().min(1).max(200),
  subtitle: z.string().trim().max(500).nullable(),
  image_url: zWebUrl(),
  link_type: z.enum(BANNER_LINK_TYPES),
  link_value: z.string().trim().min(1).max(500).nullable().meta({
    description:
      "Product id, category id or URL (https, or a deep link in the app's own scheme), by link_type; null for none",
  }),
  position: zPosition(),
  starts_at: zDateTime().nullable(),
  ends_at: zDateTime().nullable(),
  active: z.boolean(),
};
export const ZBannerInput = z.object({
  identifier: bannerFields.identifier,
  title: bannerFields.title,
  image_url: bannerFields.image_url,
  subtitle: bannerFields.subtitle.optional(),
  link_type: bannerFields.link_type.default('none'),
  link_value: bannerFields.link_value.optional(),
  position: bannerFields.position.optional(),
  starts_at: bannerFields.starts_at.optional(),
  ends_at: bannerFields.ends_at.optional(),
  active: bannerFields.active.optional(),
});
export type BannerInput = z.infer<typeof ZBannerInput>;
export const ZBannerUpdateInput = z.object(bannerFields).partial().extend({ id: zId() });
export type BannerUpdateInput = Omit<z.infer<typeof ZBannerUpdateInput>, 'id'>;
