import type { ReturnQuoteRow } from '@storefront/db/schema';
import { AppError } from '../../errors';
import { amountToCents } from '../../money';
import type { PageRequest } from '../../pagination';
import type { Clock } from '../../ports';
import type { InTransaction } from '../../transactions';
import {
  nonReturnableProducts,
  type PurchasablesRepository,
  type StockRepository,
} from '../catalog';
import {
  earlierLines,
  invoiceLinesOf,
  type OrderRecord,
  type OrderRepositories,
  splitFor,
} from '../orders';
import { checkExchanges, quoteItemsWithExchanges, refundedAsked } from './exchange.steps';
import type { ReturnSettingsRecord, ReturnsRepository } from './returns.repository';
import {
  type AskedItem,
  checkAsked,
  type OrderState,
  returnableUnits,
  returnLines,
  unitRefundCents,
  whyNot,
  windowEndsAt,
} from './returns.rules';
import type { ReturnRequestInput } from './returns.schemas';

/*
 * The customer's side of returns (issue 38, part 2; docs/returns.md): what may come back, the
 * quote, the request and its cancel. Each write locks the order's row first, as the refund
 * ledger does, so two returns racing for the same line queue up and the second counts the
 * first's units.
 */

export interface ReturnRepositories extends OrderRepositories {
  returns: ReturnsRepository;
  /** Reads of the catalog through the same executor (non-returnable products). */
  executor: Parameters<typeof nonReturnableProducts>[0];
  /** Exchanges take the replacement variant's stock at receipt (exchange.steps.ts). */
  stock: Pick<StockRepository, 'take' | 'release'>;
  /** The catalogue as checkout sells from it: the variant an exchange asks for. */
  purchasables: PurchasablesRepository;
}

export interface ReturnsServiceDeps {
  inTransaction: InTransaction<ReturnRepositories>;
  clock: Clock;
}

const orderNotFound = () => new AppError('NOT_FOUND', 'Order not found.');
const returnNotFound = () => new AppError('NOT_FOUND', 'Return not found.');

const NOT_ALLOWED_TEXT = {
  not_delivered: 'Only a delivered (completed) order can be returned.',
  window_closed: 'The return window of this order has closed.',
  nothing_returnable: 'Nothing of this order can be returned any more.',
} as const;

/** Everything the rules read of an order, in the caller's transaction (locked when asked). */
export async function orderState(
  tx: ReturnRepositories,
  orderId: number,
  userId: number | undefined,
  lock: boolean,
): Promise<OrderState> {
  const order = await tx.orders.find(orderId, userId, { lock });
  if (!order) throw orderNotFound();
  const items = await tx.orders.items(order.id);
  const completed = (await tx.orders.events(order.id)).filter((e) => e.status === 'completed');
  return {
    order,
    items,
    invoice: invoiceLinesOf(order, items),
    earlier: await earlierLines(tx, order.id),
    completedAt: completed.at(-1)?.createdAt ?? null,
    nonReturnable: await nonReturnableProducts(
      tx.executor,
      items.flatMap((item) => (item.productId === null ? [] : [item.productId])),
    ),
    openUnits: await tx.returns.openUnits(order.id),
    settings: await tx.returns.settings(),
  };
}

/** Store credit when asked, or when the order was paid in cash (nothing to send back to). */
export const paysStoreCredit = (order: OrderRecord, refundTo: 'original' | 'store_credit') =>
  refundTo === 'store_credit' || order.paymentMethod === 'cod';

const askedOf = (input: ReturnRequestInput): AskedItem[] =>
  input.items.map((item) => ({
    orderItemId: item.order_item_id,
    quantity: item.quantity,
    reason: item.reason,
  }));

export function createReturnsService({ inTransaction, clock }: ReturnsServiceDeps) {
  /** The quote of a request, checked against the order (422s as documented), nothing written. */
  async function quoteIn(tx: ReturnRepositories, state: OrderState, input: ReturnRequestInput) {
    const why = whyNot(state, clock.now());
    if (why && why !== 'nothing_returnable') {
      throw new AppError('RETURN_NOT_ALLOWED', NOT_ALLOWED_TEXT[why]);
    }
    const refused = input.items.findIndex((want) => {
      const item = state.items.find((candidate) => candidate.id === want.order_item_id);
      return item?.productId != null && state.nonReturnable.has(item.productId);
    });
    if (refused >= 0) {
      throw new AppError('RETURN_NOT_ALLOWED', 'This product cannot be returned.', {
        fieldErrors: { [`items.${refused}.order_item_id`]: ['This product cannot be returned.'] },
      });
    }
    const asked = askedOf(input);
    checkAsked(state, asked);
    await checkExchanges(tx, state, input.items, clock.now());
    // Exchanged items give no money back: the quote is the refunded items' (docs/returns.md).
    const lines = returnLines(state, refundedAsked(asked, input.items));
    // The ledger's own split: store credit is what admin.returns.refund then issues as a card.
    const { split, storeCreditCents } = await splitFor(tx, state.order, lines.totalCents, {
      toStoreCredit: paysStoreCredit(state.order, input.refund_to),
    });
    const quote: ReturnQuoteRow = {
      items: quoteItemsWithExchanges(input.items, lines.items),
      itemsCents: lines.itemsCents,
      shippingCents: lines.shippingCents,
      feeCents: lines.feeCents,
      totalCents: lines.totalCents,
      split: { ...split, storeCreditCents },
    };
    return quote;
  }

  return {
    /** GET /customer/orders/{id}/returnable */
    async returnable(orderId: number, userId: number) {
      return inTransaction(async (tx) => {
        const state = await orderState(tx, orderId, userId, false);
        const why = whyNot(state, clock.now());
        const ends = windowEndsAt(state);
        return {
          returnable: why === null,
          reason: why,
          window_ends_at: ends ? ends.toISOString() : null,
          items: state.items.map((item) => ({
            order_item_id: item.id,
            product_name: item.productName,
            variant_name: item.variantName,
            quantity: item.quantity,
            returnable_quantity: why === null ? returnableUnits(state, item) : 0,
            unit_refund: unitRefundCents(state, item) / 100,
          })),
          methods: ['pickup', 'drop_off'] as ('pickup' | 'drop_off')[],
          refund_to: (state.order.paymentMethod === 'cod'
            ? ['store_credit']
            : ['original', 'store_credit']) as ('original' | 'store_credit')[],
        };
      });
    },

    /** POST /customer/orders/{id}/returns/quote: what would come back; nothing is written. */
    async quote(userId: number, input: ReturnRequestInput): Promise<ReturnQuoteRow> {
      return inTransaction(async (tx) =>
        quoteIn(tx, await orderState(tx, input.id, userId, false), input),
      );
    },

    /** POST /customer/orders/{id}/returns: the request, auto-approved when every reason may be. */
    async create(userId: number, input: ReturnRequestInput) {
      return inTransaction(async (tx) => {
        const state = await orderState(tx, input.id, userId, true);
        const quote = await quoteIn(tx, state, input);
        const autoApprove = input.items.every((item) =>
          state.settings.autoApprove.includes(item.reason),
        );
        const count = await tx.returns.countForOrder(state.order.id);
        const created = await tx.returns.insert(
          {
            number: `${state.order.orderNumber}-RMA${count + 1}`,
            orderId: state.order.id,
            userId: state.order.userId,
            status: autoApprove ? 'approved' : 'requested',
            method: input.method,
            refundTo: paysStoreCredit(state.order, input.refund_to) ? 'store_credit' : 'original',
            quote,
          },
          input.items.map((item) => ({
            orderItemId: item.order_item_id,
            quantity: item.quantity,
            reason: item.reason,
            note: item.note ?? null,
            exchangeVariantId: item.exchange_variant_id ?? null,
          })),
        );
        await tx.returns.addEvent(created.id, 'requested');
        if (autoApprove)
          await tx.returns.addEvent(created.id, 'approved', 'Approved automatically.');
        await tx.orders.addEvent(
          state.order.id,
          state.order.status,
          `Return ${created.number} requested`,
        );
        const found = await tx.returns.find(created.id);
        if (!found) throw returnNotFound();
        return found;
      });
    },

    async list(userId: number, request: PageRequest) {
      return inTransaction((tx) => tx.returns.forUser(userId, request));
    },

    async get(id: number, userId?: number) {
      const found = await inTransaction((tx) => tx.returns.find(id, userId));
      if (!found) throw returnNotFound();
      return found;
    },

    /** POST /customer/returns/{id}/cancel: while requested or approved (422 naming `status`). */
    async cancel(id: number, userId: number) {
      return inTransaction(async (tx) => {
        const found = await tx.returns.find(id, userId);
        if (!found) throw returnNotFound();
        // The order's lock first, as every return write takes it, then the guarded move.
        await tx.orders.find(found.orderId, undefined, { lock: true });
        if (
          !(await tx.returns.changeStatus(id, ['requested', 'approved'], { status: 'canceled' }))
        ) {
          throw new AppError(
            'RETURN_NOT_ALLOWED',
            `A return that is ${found.status} can no longer be cancelled.`,
          );
        }
        await tx.returns.addEvent(id, 'canceled', 'Cancelled by the customer.');
        const after = await tx.returns.find(id);
        if (!after) throw returnNotFound();
        return after;
      });
    },

    settings: {
      get: () => inTransaction((tx) => tx.returns.settings()),
      async update(input: {
        return_window_days?: number | undefined;
        auto_approve?: ReturnSettingsRecord['autoApprove'] | undefined;
        return_fee?: number | undefined;
        restock_on_receive?: boolean | undefined;
      }) {
        return inTransaction(async (tx) => {
          const current = await tx.returns.settings();
          const next: ReturnSettingsRecord = {
            returnWindowDays: input.return_window_days ?? current.returnWindowDays,
            autoApprove: input.auto_approve
              ? [...new Set(input.auto_approve)]
              : current.autoApprove,
            returnFeeCents:
              input.return_fee === undefined
                ? current.returnFeeCents
                : amountToCents(input.return_fee),
            restockOnReceive: input.restock_on_receive ?? current.restockOnReceive,
          };
          await tx.returns.saveSettings(next);
          return next;
        });
      },
    },
  };
}

export type ReturnsService = ReturnType<typeof createReturnsService>;
