import { z } from 'zod';
import { envelope } from '../../envelope';

export const FEATURE_FLAGS = [
  'wishlist',
  'reviews',
  'coupons',
  'gift_cards',
  'loyalty_points',
  'ai_descriptions',
] as const;
export type FeatureFlag = (typeof FEATURE_FLAGS)[number];
export type FeatureFlags = Record<FeatureFlag, boolean>;

export const ZFeatures = z
  .object({
    wishlist: z.boolean(),
    reviews: z.boolean(),
    coupons: z.boolean(),
    gift_cards: z.boolean(),
    loyalty_points: z.boolean(),
    ai_descriptions: z.boolean(),
  })
  .meta({ id: 'Features', description: 'Feature flags, so the app can hide switched-off UI.' });

export const ZFeaturesOutput = envelope(ZFeatures);
