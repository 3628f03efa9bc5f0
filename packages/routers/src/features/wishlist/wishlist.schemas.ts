import { z } from 'zod';
import { envelope } from '../../envelope';
import { zDateTime, zId } from '../../zod-helpers';
import { ZProductSummary } from '../catalog';

export const ZWishlistItem = z
  .object({
    id: z.number().int(),
    product_id: z.number().int(),
    product: ZProductSummary,
    created_at: zDateTime(),
  })
  .meta({ id: 'WishlistItem' });
export type WishlistItemDto = z.infer<typeof ZWishlistItem>;

export const ZWishlistOutput = envelope(z.array(ZWishlistItem));
export const ZWishlistItemOutput = envelope(ZWishlistItem);

export const ZAddToWishlistInput = z.object({ product_id: zId() });

export const ZWishlistItemId = z.object({ id: zId() });
