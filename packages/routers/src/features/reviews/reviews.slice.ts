import type { Executor } from '@storefront/db/client';
import type { UnitOfWorkFactory } from '../../transactions';
import type { CatalogRepository } from '../catalog';
import { createReviewsRepository } from './reviews.repository';
import { createReviewsService } from './reviews.service';

/** The reviews slice: customers' reviews, product ratings, and the back office's moderation. */
export function createReviewsSlice(deps: {
  db: Executor;
  unitOfWork: UnitOfWorkFactory;
  catalog: Pick<CatalogRepository, 'productExists'>;
}) {
  return createReviewsService({
    repo: createReviewsRepository(deps.db),
    catalog: deps.catalog,
    inTransaction: deps.unitOfWork(createReviewsRepository).inTransaction,
  });
}
