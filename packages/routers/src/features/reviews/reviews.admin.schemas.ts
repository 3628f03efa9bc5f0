import { z } from 'zod';
import { paginatedEnvelope } from '../../envelope';
import { pageQuery } from '../../pagination';
import { zId } from '../../zod-helpers';
import { ZReview } from '../catalog';

export const ZAdminReviewListInput = z.object({ ...pageQuery, product_id: zId().optional() });
export const ZAdminReviewListOutput = paginatedEnvelope(ZReview);
