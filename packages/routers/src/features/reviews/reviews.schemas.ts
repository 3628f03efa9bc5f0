import { z } from 'zod';
import { envelope, paginatedEnvelope } from '../../envelope';
import { pageQuery } from '../../pagination';
import { bodyBoolean, zId } from '../../zod-helpers';
import { ZReview } from '../catalog';

const zRating = () => z.number().int().min(1).max(5).meta({ description: 'Whole stars, 1–5' });
const zTitle = () => z.string().trim().min(1).max(255);
const zComment = () => z.string().trim().min(1).max(5000);

export const ZProductReviewsInput = z.object({ id: zId(), ...pageQuery });

export const ZCreateReviewInput = z.object({
  product_id: zId(),
  rating: zRating(),
  title: zTitle(),
  comment: zComment(),
});
export type CreateReviewInput = z.infer<typeof ZCreateReviewInput>;

export const ZUpdateReviewInput = z.object({
  id: zId(),
  rating: zRating().optional(),
  title: zTitle().optional(),
  comment: zComment().optional(),
});
export type UpdateReviewInput = z.infer<typeof ZUpdateReviewInput>;

export const ZReviewId = z.object({ id: zId() });

export const ZVoteInput = z.object({
  id: zId(),
  helpful: bodyBoolean().meta({ description: 'true: the review was helpful' }),
});

export const ZReviewOutput = envelope(ZReview);
export const ZReviewPageOutput = paginatedEnvelope(ZReview);
