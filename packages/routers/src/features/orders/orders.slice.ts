import type { Executor } from '@storefront/db/client';
import type { BusinessMetrics, Clock, JobEnqueuer } from '../../ports';
import type { RepositoryScope, UnitOfWorkFactory } from '../../transactions';
import type { StockRepository } from '../catalog';
import type { CouponRedemptionsRepository } from '../coupons';
import type { GiftCardsRepository } from '../gift-cards';
import type { LoyaltyRepository } from '../loyalty';
import { createRefundExecution, type PaymentProviders } from '../payments';
import type { ReferenceDataRepository } from '../store-settings';
import { createCreditNotesRepository } from './credit-notes.repository';
import { createDocumentCountersRepository } from './document-counters.repository';
import { createOrderDocumentsService } from './documents.service';
import { createInvoiceRegisterRepository } from './invoice-register.repository';
import type { NumberingSettings } from './invoicing.steps';
import { createOrderRefundsService } from './order-refunds.service';
import { allowedActions } from './order-status';
import { createOrdersRepository } from './orders.repository';
import type { OrderDto } from './orders.schemas';
import { createOrdersService } from './orders.service';
import { createPaidOnline } from './paid-online';
import { createOrderRefunds } from './refunds';
import { createRefundsRepository } from './refunds.repository';
import type { SellerSettings } from './tax-document';

export interface OrdersSliceDeps {
  db: Executor;
  unitOfWork: UnitOfWorkFactory;
  /** Cancel gives back what place-order took: the other slices' repositories it undoes with. */
  stock: (executor: Executor) => Pick<StockRepository, 'release'>;
  coupons: (executor: Executor) => Pick<CouponRedemptionsRepository, 'release'>;
  jobs: (executor: Executor) => JobEnqueuer;
  /** Cancel gives back gift cards and points; completion earns points (their slices). */
  giftCards: (executor: Executor) => GiftCardsRepository;
  loyalty: (executor: Executor) => LoyaltyRepository;
  loyaltyEnabled: () => Promise<boolean>;
  clock: Clock;
  /** Refunds of cancelled paid orders go back the way the order paid, through its provider. */
  payments: PaymentProviders;
  reference: Pick<ReferenceDataRepository, 'paymentMethodType'>;
  metrics: BusinessMetrics;
  /** Automatic retries of a refund the gateway failed (REFUND_RETRY_SECONDS, REFUND_MAX_ATTEMPTS). */
  refundRetry?: { seconds: number; maxAttempts: number } | undefined;
  /** Each product's main image (the catalogue's), for the back office's order lines. */
  thumbnails: (productIds: number[]) => Promise<Map<number, string>>;
  /** The shop's tax identity and numbering settings, read through the executor (tax slice). */
  tax: (
    executor: Executor,
    scope: RepositoryScope,
  ) => { settings(): Promise<SellerSettings & NumberingSettings> };
}

/**
 * The orders slice: customers' orders, tracking, invoices, the back office's order desk, and
 * `refunds`: the refund job and the gateway's news about refunds (run by workers, not procedures).
 */
export function createOrdersSlice(deps: OrdersSliceDeps) {
  const repositories = (executor: Executor, scope: RepositoryScope) => ({
    orders: createOrdersRepository(executor),
    stock: deps.stock(executor),
    coupons: deps.coupons(executor),
    jobs: deps.jobs(executor),
    giftCards: deps.giftCards(executor),
    loyalty: deps.loyalty(executor),
    counters: createDocumentCountersRepository(executor),
    creditNotes: createCreditNotesRepository(executor),
    tax: deps.tax(executor, scope),
    refunds: createRefundsRepository(executor),
  });
  const unit = deps.unitOfWork(repositories);
  const service = createOrdersService({
    repo: unit.repos.orders,
    inTransaction: unit.inTransaction,
    loyaltyEnabled: deps.loyaltyEnabled,
    clock: deps.clock,
  });
  const documents = createOrderDocumentsService({
    orders: unit.repos.orders,
    creditNotes: unit.repos.creditNotes,
    register: createInvoiceRegisterRepository(deps.db),
    tax: unit.repos.tax,
    inTransaction: unit.inTransaction,
    clock: deps.clock,
  });
  const refunds = createOrderRefunds({
    orders: unit.repos.orders,
    ledger: unit.repos.refunds,
    inTransaction: unit.inTransaction,
    reference: deps.reference,
    gateway: createRefundExecution(deps.payments),
    metrics: deps.metrics,
    clock: deps.clock,
    retrySeconds: deps.refundRetry?.seconds ?? 60,
    maxAttempts: deps.refundRetry?.maxAttempts ?? 3,
  });
  const giving = createOrderRefundsService({
    inTransaction: unit.inTransaction,
    clock: deps.clock,
  });
  const paidOnline = createPaidOnline({
    orders: unit.repos.orders,
    inTransaction: unit.inTransaction,
    reference: deps.reference,
    clock: deps.clock,
  });
  /** The back office's view of an order: what its status allows now, each line's thumbnail. */
  async function adminView(order: OrderDto) {
    const images = await deps.thumbnails(order.items.flatMap((item) => item.product_id ?? []));
    return {
      ...order,
      items: order.items.map((item) => ({
        ...item,
        image_url: item.product_id === null ? null : (images.get(item.product_id) ?? null),
      })),
      allowed_actions: allowedActions(order.status),
    };
  }
  return {
    ...service,
    ...documents,
    adminView,
    /** COD to prepaid: what a payment link reads of an order, and its being paid (issue 40). */
    paidOnline,
    refunds,
    cancelItems: async (input: Parameters<typeof giving.cancelItems>[0]) =>
      service.detail(await giving.cancelItems(input)),
    /** The back office's side of the ledger: goodwill, retry, the list. */
    adminRefunds: giving,
    /** The repositories of an order's transaction, for returns to write the ledger in theirs. */
    repositories,
  };
}

/** What procedures and the app call (`services.orders`): orders, their documents, refunds. */
export type OrdersService = ReturnType<typeof createOrdersSlice>;
