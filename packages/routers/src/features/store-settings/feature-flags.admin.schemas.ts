import { z } from 'zod';
import { envelope } from '../../envelope';
import { FEATURE_FLAGS, ZFeatures } from './feature-flags.schemas';

export const ZSetFeatureInput = z.object({ flag: z.enum(FEATURE_FLAGS), enabled: z.boolean() });
export const ZFeaturesOutput = envelope(ZFeatures);
