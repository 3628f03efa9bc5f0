import { AppError } from '../../errors';
import { metaFor, pageOffset } from '../../pagination';
import type { Clock, JobEnqueuer } from '../../ports';
import type { InTransaction } from '../../transactions';
import type { StockRepository } from '../catalog';
import type { CouponRedemptionsRepository } from '../coupons';
import type { GiftCardsRepository } from '../gift-cards';
import { earnLoyaltyPoints, type LoyaltyRepository } from '../loyalty';
import { enqueueMail, type MailJob } from '../mail';
import { enqueueOrderStatusPush } from '../notifications';
import { PAYMENT_LINK_CANCEL_QUEUE, type PaymentLinkCancelJob } from '../payments';
import type { CreditNotesRepository } from './credit-notes.repository';
import type { DocumentCountersRepository } from './document-counters.repository';
import { invoiceOrder, type NumberingSettings } from './invoicing.steps';
import { amountDueCents, toOrderDto, toOrderListEntryDto, toTrackingDto } from './order.dto';
import { cancelRemaining } from './order-cancel.steps';
import { assertTransition, type OrderStatus, STATUS_EVENT_TEXT } from './order-status';
import type { AdminOrderListInput } from './orders.admin.schemas';
import type { OrderChanges, OrderRecord, OrdersRepository } from './orders.repository';
import type { OrderListInput } from './orders.schemas';
import { creditRefundsBeforeInvoice, type RefundRequester } from './refund-ledger.steps';
import type { RefundsRepository } from './refunds.repository';

/** A status change and the e-mail it causes, in one transaction. */
export interface OrderRepositories {
  orders: OrdersRepository;
  stock: Pick<StockRepository, 'release'>;
  coupons: Pick<CouponRedemptionsRepository, 'release'>;
  jobs: JobEnqueuer;
  giftCards: GiftCardsRepository;
  loyalty: LoyaltyRepository;
  /** Invoice and credit-note numbers (invoicing.steps.ts, credit-notes.steps.ts). */
  counters: DocumentCountersRepository;
  creditNotes: CreditNotesRepository;
  tax: { settings(): Promise<NumberingSettings> };
  /** The refund ledger (refund-ledger.steps.ts). */
  refunds: RefundsRepository;
}

export interface OrdersServiceDeps {
  repo: OrdersRepository;
  inTransaction: InTransaction<OrderRepositories>;
  /** Whether completed orders earn loyalty points now; default never. */
  loyaltyEnabled?: () => Promise<boolean>;
  clock?: Clock;
}

/**
 * The customer's e-mail for a status change (docs/decisions.md: which changes send one); a
 * cancel names what it gives back to the payment method (`refundMinor`), partial refunds before
 * it having given back the rest.
 */
function statusMail(orderId: number, to: OrderStatus, refundMinor = 0): MailJob | undefined {
  if (to === 'canceled') return { kind: 'order-canceled', orderId, refundMinor };
  if (to === 'pending') return undefined;
  return { kind: 'order-status', orderId, status: to };
}

export interface ShipmentDetails {
  carrier: string;
  trackingNumber: string;
  trackingUrl?: string | null | undefined;
}

const notFound = () => new AppError('NOT_FOUND', 'Order not found.');

export interface TransitionOptions {
  userId?: number;
  reason?: string;
  /** A staff member's cancel: above their refund limit the money waits (docs/refunds.md). */
  requestedBy?: RefundRequester;
  shipment?: ShipmentDetails;
}

/**
 * One status change of `current` (locked by the caller in this transaction): the state machine
 * asked, what the change does (a cancel gives back every unit left through the refund ledger,
 * order-cancel.steps.ts), one tracking event, the e-mail and the push. Returns the order as it
 * is now.
 */
export async function changeStatus(
  tx: OrderRepositories,
  current: OrderRecord,
  to: OrderStatus,
  options: TransitionOptions & { earnsPoints: boolean; now: Date },
): Promise<OrderRecord> {
  assertTransition(current.status, to);
  const changes: OrderChanges = { status: to };
  let event = STATUS_EVENT_TEXT[to];
  if (to === 'canceled') {
    // Place-order's steps undone; the money through the ledger: `refund_pending` until the
    // gateway confirms its part (a durable job), `refunded` at once when cards and points paid.
    await cancelRemaining(tx, current, {
      reason: options.reason ?? STATUS_EVENT_TEXT.canceled,
      now: options.now,
      requestedBy: options.requestedBy,
    });
    changes.cancelReason = options.reason ?? null;
    if (options.reason) event = `Order cancelled: ${options.reason}`;
    // Unpaid (cash on delivery), it may have open payment links: cancelled at Razorpay after
    // the commit, one paid meanwhile refunded (docs/payments.md, "Payment links at the reconciler").
    if (current.paymentStatus === 'pending') {
      await tx.jobs.enqueue(PAYMENT_LINK_CANCEL_QUEUE, {
        orderId: current.id,
      } satisfies PaymentLinkCancelJob);
    }
  }
  if (to === 'shipped' && options.shipment) {
    changes.carrier = options.shipment.carrier;
    changes.trackingNumber = options.shipment.trackingNumber;
    changes.trackingUrl = options.shipment.trackingUrl ?? null;
    event = `Order shipped with ${options.shipment.carrier} (${options.shipment.trackingNumber}).`;
  }
  // Cash on delivery is collected when the order is delivered.
  if (to === 'completed' && current.paymentStatus === 'pending') changes.paymentStatus = 'paid';
  // Points are earned on completion only, on what the gateway or cash kept (a cancelled order
  // never earned any).
  if (options.earnsPoints) {
    const refunded = (await tx.refunds.sums(current.id)).gatewayCents;
    await earnLoyaltyPoints(
      tx,
      {
        id: current.id,
        userId: current.userId,
        amountDueCents: Math.max(0, amountDueCents(current) - refunded),
      },
      options.now,
    );
  }
  const updated = await tx.orders.update(current.id, changes);
  await tx.orders.addEvent(current.id, to, event);
  const cancelRow =
    to === 'canceled'
      ? (await tx.refunds.forOrder(current.id)).filter((row) => row.kind === 'cancel').at(-1)
      : undefined;
  const mail = statusMail(current.id, to, cancelRow?.gatewayCents);
  if (mail) await enqueueMail(tx.jobs, mail);
  await enqueueOrderStatusPush(tx.jobs, current.id, to);
  // Last: the number series' counter rows are shared by every invoicing, held to the commit.
  // Shipped, or paid on delivery, an order is invoiced (docs/tax.md).
  if (to === 'shipped' || changes.paymentStatus === 'paid') {
    const invoiced = await invoiceOrder(tx, current.id, options.now);
    await creditRefundsBeforeInvoice(tx, current.id, options.now);
    return invoiced;
  }
  return updated;
}

/**
 * Orders after placement. Every status change goes through `transition`, which asks the one
 * state machine and records one tracking event; `userId` scopes it to the customer's own
 * orders (undefined: admin).
 */
export function createOrdersService({
  repo,
  inTransaction,
  loyaltyEnabled = async () => false,
  clock = { now: () => new Date() },
}: OrdersServiceDeps) {
  async function detail(order: OrderRecord) {
    return toOrderDto(order, await repo.items(order.id));
  }

  async function transition(orderId: number, to: OrderStatus, options: TransitionOptions = {}) {
    // Read before the transaction: nothing but its own repositories may be used inside it.
    const earnsPoints = to === 'completed' && (await loyaltyEnabled());
    const order = await inTransaction(async (tx) => {
      const current = await tx.orders.find(orderId, options.userId, { lock: true });
      if (!current) throw notFound();
      return changeStatus(tx, current, to, { ...options, earnsPoints, now: clock.now() });
    });
    return detail(order);
  }

  async function requireOrder(id: number, userId?: number) {
    const order = await repo.find(id, userId);
    if (!order) throw notFound();
    return order;
  }

  /** The page of orders a list asks for; an admin's (`userId` undefined) with its filters. */
  function listRows(userId: number | undefined, input: OrderListInput | AdminOrderListInput) {
    const admin = input as Partial<AdminOrderListInput>;
    return repo.list(
      {
        ...(userId === undefined ? {} : { userId }),
        status: input.status,
        paymentStatus: admin.payment_status,
        from: admin.from ? new Date(admin.from) : undefined,
        to: admin.to ? new Date(admin.to) : undefined,
        search: admin.search,
      },
      pageOffset(input),
    );
  }

  return {
    /** The order's DTO with its lines (what the procedures answer). */
    detail,

    /** A customer's orders (`userId`), or every order (admins: filters and search). */
    async list(userId: number | undefined, input: OrderListInput | AdminOrderListInput) {
      const { rows, total } = await listRows(userId, input);
      return {
        items: rows.map((row) => toOrderListEntryDto(row.order, row.itemCount)),
        meta: metaFor(input, total),
      };
    },

    /** admin.orders.list: every order, each with its customer's e-mail (a guest's: the checkout's). */
    async adminList(input: AdminOrderListInput) {
      const { rows, total } = await listRows(undefined, input);
      return {
        items: rows.map((row) => ({
          ...toOrderListEntryDto(row.order, row.itemCount),
          customer_email: row.customerEmail,
        })),
        meta: metaFor(input, total),
      };
    },

    async get(id: number, userId?: number) {
      return detail(await requireOrder(id, userId));
    },

    /** An order and whose it is, for its e-mails (the mail jobs); undefined once it is gone. */
    async findWithOwner(id: number) {
      const order = await repo.find(id);
      if (!order) return undefined;
      const { carrier, trackingNumber, trackingUrl } = order;
      return {
        userId: order.userId,
        /** The shipping address's e-mail: a guest's only one. */
        checkoutEmail: order.shippingAddress.email ?? null,
        order: await detail(order),
        shipment: { carrier, trackingNumber, trackingUrl },
      };
    },

    async track(id: number, userId?: number) {
      const order = await requireOrder(id, userId);
      return toTrackingDto(order, await repo.events(order.id));
    },

    /**
     * Cancellation, the customer's (`userId`) or the shop's (`requestedBy`): pending or
     * processing only; stock back, a paid order refunded (waiting above the staff's limit).
     */
    cancel(userId: number | undefined, id: number, reason: string, requestedBy?: RefundRequester) {
      return transition(id, 'canceled', {
        ...(userId === undefined ? {} : { userId }),
        ...(requestedBy ? { requestedBy } : {}),
        reason,
      });
    },

    markProcessing: (id: number) => transition(id, 'processing'),
    ship: (id: number, shipment: ShipmentDetails) => transition(id, 'shipped', { shipment }),
    complete: (id: number) => transition(id, 'completed'),
  };
}
