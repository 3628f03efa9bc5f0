import type { Executor } from '@storefront/db/client';
import type { UnitOfWorkFactory } from '../../transactions';
import type { StockRepository } from '../catalog';
import type { CouponRedemptionsRepository } from '../coupons';
import type { MailJobs } from '../mail';
import { createOrdersRepository } from './orders.repository';
import { createOrdersService } from './orders.service';

export interface OrdersSliceDeps {
  db: Executor;
  unitOfWork: UnitOfWorkFactory;
  /** Cancel gives back what place-order took: the other slices' repositories it undoes with. */
  stock: (executor: Executor) => Pick<StockRepository, 'release'>;
  coupons: (executor: Executor) => Pick<CouponRedemptionsRepository, 'release'>;
  jobs: (executor: Executor) => MailJobs;
}

/** The orders slice: customers' orders, tracking, invoices, and the back office's order desk. */
export function createOrdersSlice(deps: OrdersSliceDeps) {
  return createOrdersService({
    repo: createOrdersRepository(deps.db),
    inTransaction: deps.unitOfWork((executor) => ({
      orders: createOrdersRepository(executor),
      stock: deps.stock(executor),
      coupons: deps.coupons(executor),
      jobs: deps.jobs(executor),
    })).inTransaction,
  });
}
