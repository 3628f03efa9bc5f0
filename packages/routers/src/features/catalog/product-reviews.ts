/*
 * A product's reviews as the storefront shows them. The rows are the reviews slice's (its
 * review-reads.repository.ts); the catalogue's product detail shows the recent ones through
 * these reads, which the composition root passes in (reviews imports catalog, so catalog cannot
 * import reviews back): `ProductReviewReads` in product-details.repository.ts.
 */

export interface ReviewRecord {
  id: number;
  productId: number;
  customerName: string;
  rating: number;
  title: string;
  comment: string;
  helpfulCount: number;
  verifiedPurchase: boolean;
  createdAt: Date;
  updatedAt: Date;
}

/** A product detail's recent reviews (docs/contract.md §4). */
export const RECENT_REVIEWS_PER_PRODUCT = 5;
