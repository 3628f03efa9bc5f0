/** The reviews slice's public surface: what other slices and the app may use (docs/architecture.md). */

export { exportReviews } from './account-data.repository';
export { recentReviewsAsJson } from './review-reads.repository';
export { reviewsAdminRouter } from './reviews.admin.router';
export { reviewsRouter } from './reviews.router';
export type { ReviewsService } from './reviews.service';
export { createReviewsSlice } from './reviews.slice';
