import type { Executor } from '@storefront/db/client';
import type { Clock } from '../../ports';
import type { RepositoryScope, UnitOfWorkFactory } from '../../transactions';
import { createPurchasablesRepository, createStockRepository } from '../catalog';
import type { StoreCreditCodes } from '../gift-cards';
import { createRefundApprovals, type OrderRepositories } from '../orders';
import { createReturnsRepository } from './returns.repository';
import { createReturnsService } from './returns.service';
import { createReturnsAdminService } from './returns-admin.service';

export interface ReturnsSliceDeps {
  unitOfWork: UnitOfWorkFactory;
  /** The orders slice's repositories for an executor: returns write the ledger in its terms. */
  orderRepositories: (executor: Executor, scope: RepositoryScope) => OrderRepositories;
  clock: Clock;
  /** Seals store-credit codes (gift cards' store-credit-code.ts). */
  storeCreditCodes: StoreCreditCodes;
}

/** The returns slice: customers' returns and the shop's handling of them (docs/returns.md). */
export function createReturnsSlice(deps: ReturnsSliceDeps) {
  const unit = deps.unitOfWork((executor, scope) => ({
    ...deps.orderRepositories(executor, scope),
    returns: createReturnsRepository(executor),
    stock: createStockRepository(executor),
    purchasables: createPurchasablesRepository(executor),
    executor,
  }));
  const customer = createReturnsService({ inTransaction: unit.inTransaction, clock: deps.clock });
  const admin = createReturnsAdminService({
    inTransaction: unit.inTransaction,
    clock: deps.clock,
    storeCreditCodes: deps.storeCreditCodes,
  });
  return {
    ...customer,
    admin,
    /**
     * Refunds awaiting an Owner's approval (admin.refunds.pending/approve/decline): composed here,
     * where a transaction holds the orders' and the returns' repositories, because approving a
     * return's refund finishes the return (docs/refunds.md "Approval").
     */
    refundApprovals: createRefundApprovals({
      inTransaction: unit.inTransaction,
      clock: deps.clock,
      afterApproval: admin.refundApproved,
    }),
  };
}

export type ReturnsSlice = ReturnType<typeof createReturnsSlice>;
