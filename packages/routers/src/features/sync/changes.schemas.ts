import { z } from 'zod';
import { envelope } from '../../envelope';
import { ZCategory, ZProductDetail } from '../catalog/index';
import { ZBanner } from '../content/index';
import { ZFeatures } from '../store-settings';
import { ZCurrency } from '../store-settings/index';

export const SYNC_PAGE_DEFAULT = 500;
export const SYNC_PAGE_MAX = 2000;

export const ZSyncChangesInput = z.object({
  since: z
    .string()
    .min(1)
    .max(500)
    .optional()
    .meta({ description: 'The `next_cursor` of the previous page; omit it for a first sync.' }),
  limit: z.number().int().min(1).max(SYNC_PAGE_MAX).default(SYNC_PAGE_DEFAULT),
});
export type SyncChangesInput = z.infer<typeof ZSyncChangesInput>;

/** A shipping method as the catalogue knows it; checkout prices it for a cart. */
export const ZSyncShippingMethod = z
  .object({
    code: z.string(),
    name: z.string(),
    description: z.string(),
    rate: z.number(),
    min_subtotal: z
      .number()
      .nullable()
      .meta({ description: 'Offered only from this subtotal (after discount) on; null: always' }),
    position: z.number().int(),
  })
  .meta({ id: 'SyncShippingMethod' });
export type SyncShippingMethodDto = z.infer<typeof ZSyncShippingMethod>;

const op = () =>
  z.enum(['upsert', 'delete']).meta({ description: 'upsert: data is the row; delete: data null' });

export const ZSyncChange = z
  .discriminatedUnion('entity', [
    z.object({
      entity: z.literal('product'),
      id: z.number().int(),
      op: op(),
      data: ZProductDetail.nullable(),
    }),
    z.object({
      entity: z.literal('category'),
      id: z.number().int(),
      op: op(),
      data: ZCategory.nullable(),
    }),
    z.object({
      entity: z.literal('banner'),
      id: z.number().int(),
      op: op(),
      data: ZBanner.nullable(),
    }),
    z.object({
      entity: z.literal('currency'),
      id: z.string(),
      op: op(),
      data: ZCurrency.nullable(),
    }),
    z.object({
      entity: z.literal('shipping_method'),
      id: z.string(),
      op: op(),
      data: ZSyncShippingMethod.nullable(),
    }),
    z.object({
      entity: z.literal('feature_flags'),
      id: z.literal('features'),
      op: op(),
      data: ZFeatures.nullable(),
    }),
  ])
  .meta({ id: 'SyncChange' });
export type SyncChange = z.infer<typeof ZSyncChange>;

export const ZSyncChangesPage = z
  .object({
    changes: z.array(ZSyncChange),
    next_cursor: z.string().meta({ description: 'Pass as `since` for the next page or delta' }),
    has_more: z.boolean().meta({ description: 'Ask again at once: more changes are waiting' }),
  })
  .meta({ id: 'SyncChangesPage' });
export type SyncChangesPage = z.infer<typeof ZSyncChangesPage>;

export const ZSyncChangesOutput = envelope(ZSyncChangesPage);
