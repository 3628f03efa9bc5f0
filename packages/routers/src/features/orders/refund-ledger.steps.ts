import type { PaymentStatusValue, RefundKind } from '@storefront/db/schema';
import { pointsBack, splitRefund } from '@storefront/pricing';
import { AppError } from '../../errors';
import { centsToAmount } from '../../money';
import type { JobEnqueuer } from '../../ports';
import {
  type GiftCardRepositories,
  giftCardsHeldByOrder,
  giveBackToGiftCards,
} from '../gift-cards';
import {
  type LoyaltyRepositories,
  loyaltyPointsHeldByOrder,
  returnSomeLoyaltyPoints,
} from '../loyalty';
import { type CreditNoteRepositories, issueCreditNote } from './credit-notes.steps';
import type { DocumentLine } from './document-lines';
import { amountDueCents } from './order.dto';
import type { OrderRecord, OrdersRepository } from './orders.repository';
import type { RefundRecord, RefundSums, RefundsRepository } from './refunds.repository';

/*
 * The refund ledger's write (docs/refunds.md): every refund — a cancel, cancel-items, goodwill,
 * and returns next — is one row written here, in a transaction that holds the order's row lock,
 * so the sums it is checked against cannot move meanwhile (and the database checks the order's
 * refunded total against what it was paid as well).
 */

/** The queue refunds go through (payments' paymentQueuePolicy). */
export const REFUND_QUEUE = 'refunds';

/** A refund job: the ledger row whose gateway part is asked for (`orderId` for the log). */
export interface RefundJob {
  orderId: number;
  /** Absent in jobs queued before the ledger: the order's pending rows are processed. */
  refundId?: number;
}

/**
 * Queues the gateway part of a refund row, with the row (same transaction); `afterSeconds`: not
 * before then (an automatic retry of a failed refund, REFUND_RETRY_SECONDS).
 */
export const enqueueRefund = (
  jobs: JobEnqueuer,
  refund: Pick<RefundRecord, 'id' | 'orderId'>,
  afterSeconds?: number,
) =>
  jobs.enqueue(
    REFUND_QUEUE,
    { orderId: refund.orderId, refundId: refund.id } satisfies RefundJob,
    afterSeconds ? { startAfterSeconds: afterSeconds } : {},
  );

export interface LedgerRepositories
  extends GiftCardRepositories,
    LoyaltyRepositories,
    CreditNoteRepositories {
  refunds: RefundsRepository;
  jobs: JobEnqueuer;
}

/** Whether the order's payment was taken (paid, or given back in part or whole since). */
export const paymentTaken = (status: PaymentStatusValue) =>
  status === 'paid' ||
  status === 'partially_refunded' ||
  status === 'refund_pending' ||
  status === 'refunded';

/** What the order was paid, all ways: before payment only what cards and points paid. */
export const paidCents = (order: OrderRecord) =>
  paymentTaken(order.paymentStatus)
    ? order.totalCents - order.canceledDueCents
    : order.giftCardCents + order.loyaltyCents;

/**
 * What is still refundable: paid, less what the ledger gave back and what refunds awaiting
 * approval reserve (so what is approved later never exceeds what was paid).
 */
export const refundableCents = (order: OrderRecord) =>
  Math.max(0, paidCents(order) - order.refundedCents - order.awaitingRefundCents);

/**
 * The payment's status after a ledger change: an unpaid order's stays; a paid one is `paid`
 * with nothing given back, `partially_refunded` with part of it, and with all of it
 * `refund_pending` until the gateway confirms every row, then `refunded`.
 */
export function paymentStatusAfter(order: OrderRecord, sums: RefundSums): PaymentStatusValue {
  if (!paymentTaken(order.paymentStatus)) return order.paymentStatus;
  if (sums.refundedCents === 0) return 'paid';
  if (sums.refundedCents < paidCents(order)) return 'partially_refunded';
  return sums.pending > 0 ? 'refund_pending' : 'refunded';
}

/** What a refund gives back, decided by its caller (cancel, cancel-items, goodwill, returns). */
export interface RefundDecision {
  kind: RefundKind;
  reason: string;
  /** The refund's lines: the amount is their sum (credit-note lines on an invoiced order). */
  lines: DocumentLine[];
  /**
   * Kept by the shop (a return's fee): the row gives back the lines' sum less this. The lines
   * stay whole, so the units count as given back and the fee stays refundable as goodwill.
   */
  feeCents?: number;
  /**
   * Given back as store credit instead of the ways it was paid (a return asking for it, or of a
   * cash-on-delivery order): the row's `store_credit_cents`; the caller issues the card in the
   * same transaction (gift cards' `issueStoreCredit`, docs/returns.md).
   */
  toStoreCredit?: boolean;
  now: Date;
}

export interface RecordedRefund {
  order: OrderRecord;
  /** Undefined when the decision gave back nothing (e.g. units of no value left). */
  refund: RefundRecord | undefined;
}

/** Who asks for a refund from the back office, and up to what their role may give back. */
export interface RefundRequester {
  userId: number;
  /** The role's refund limit in cents; null: unlimited (docs/admin-panel.md "Roles"). */
  refundLimitCents: number | null;
}

/** The requester of an admin procedure's refund: the signed-in staff member and their limit. */
export const requesterOf = (ctx: {
  session: { user: { id: number } };
  staff: { refundLimitCents: number | null };
}): RefundRequester => ({
  userId: ctx.session.user.id,
  refundLimitCents: ctx.staff.refundLimitCents,
});

/**
 * Writes a refund of `order` — locked by the caller in this transaction — to the ledger: before
 * payment its value first comes off what cash on delivery collects; the money goes back to the
 * gateway first (up to what it took and has not refunded), then to the gift cards the order was
 * paid with, then as points. Cards and points are given back here; the gateway part is a job
 * (the row and its receipt are written first). An invoiced order gets the credit note of the
 * lines. 422 REFUND_EXCEEDS_PAID, nothing written, when the order was paid less than that.
 * With `requestedBy` whose limit is below the money it gives back, the row is only written
 * `awaiting_approval` — no money, no credit note — for an Owner (docs/refunds.md "Approval").
 */
export async function recordRefund(
  tx: LedgerRepositories,
  order: OrderRecord,
  decision: RefundDecision & { requestedBy?: RefundRequester | undefined },
): Promise<RecordedRefund> {
  const amount =
    decision.lines.reduce((total, line) => total + line.totalCents, 0) - (decision.feeCents ?? 0);
  if (amount <= 0) return { order, refund: undefined };
  const before = await tx.refunds.sums(order.id);
  const toStoreCredit = decision.toStoreCredit === true;
  const { uncollected, split, storeCreditCents } = await splitFor(tx, order, amount, {
    sums: before,
    toStoreCredit,
  });
  // Waiting refunds reserve what they ask (refundableCents), so approving never exceeds it.
  if (order.awaitingRefundCents > 0 && amount - uncollected > refundableCents(order)) {
    throw exceedsPaid(refundableCents(order));
  }
  const row = {
    orderId: order.id,
    amountCents: amount,
    reason: decision.reason,
    kind: decision.kind,
    lines: decision.lines,
    receipt: receiptFor(order, before.rows + 1),
    toStoreCredit,
  };
  const limit = decision.requestedBy?.refundLimitCents;
  if (
    decision.requestedBy &&
    limit !== null &&
    limit !== undefined &&
    amount - uncollected > limit
  ) {
    const refund = await tx.refunds.insert({
      ...row,
      status: 'awaiting_approval',
      requestedById: decision.requestedBy.userId,
    });
    return { order: await writeOrderSums(tx, order), refund };
  }
  const parts = await giveBack(tx, order, before, {
    uncollected,
    split,
    storeCreditCents,
    now: decision.now,
  });
  const refund = await tx.refunds.insert({ ...row, ...parts });
  return afterRow(tx, order, refund, decision.now);
}

/**
 * admin.refunds.approve's ledger step: the waiting row (its order locked by the caller) gets the
 * split it would have had, computed now, and the normal path runs — cards, points, the gateway
 * job, the credit note — once: the row is decided under a guarded `status = 'awaiting_approval'`
 * update, so a second approval finds nothing to decide (409 REFUND_ALREADY_DECIDED).
 */
export async function approveRefund(
  tx: LedgerRepositories,
  order: OrderRecord,
  waiting: RefundRecord,
  approver: { userId: number; now: Date },
): Promise<RecordedRefund & { refund: RefundRecord }> {
  const before = await tx.refunds.sums(order.id);
  const { uncollected, split, storeCreditCents } = await splitFor(tx, order, waiting.amountCents, {
    sums: before,
    toStoreCredit: waiting.toStoreCredit,
  });
  const parts = await giveBack(tx, order, before, {
    uncollected,
    split,
    storeCreditCents,
    now: approver.now,
  });
  const refund = await tx.refunds.decide(waiting.id, {
    ...parts,
    decidedById: approver.userId,
    decidedAt: approver.now,
  });
  if (!refund) throw alreadyDecided();
  const recorded = await afterRow(tx, order, refund, approver.now);
  return { order: recorded.order, refund: recorded.refund ?? refund };
}

/** Whether the row gave (or gives) something back: not waiting for approval, not declined. */
export const givesMoney = (row: Pick<RefundRecord, 'status'>) =>
  row.status !== 'awaiting_approval' && row.status !== 'declined';

export const alreadyDecided = () =>
  new AppError('REFUND_ALREADY_DECIDED', 'This refund was already approved or declined.');

/** Gives back the cards' and points' parts now; the row's parts and status (recordRefund's). */
async function giveBack(
  tx: LedgerRepositories,
  order: OrderRecord,
  before: RefundSums,
  given: Awaited<ReturnType<typeof splitFor>> & { now: Date },
) {
  const { split } = given;
  await giveBackToGiftCards(tx, order.id, split.giftCardCents);
  const points = await returnSomeLoyaltyPoints(
    tx,
    order,
    pointsBack(
      { points: order.loyaltyPoints, cents: order.loyaltyCents },
      before.loyaltyCents,
      split.loyaltyCents,
    ),
  );
  const settled = split.gatewayCents === 0;
  return {
    gatewayCents: split.gatewayCents,
    giftCardCents: split.giftCardCents,
    loyaltyCents: split.loyaltyCents,
    uncollectedCents: given.uncollected,
    storeCreditCents: given.storeCreditCents,
    loyaltyPoints: points,
    status: settled ? ('processed' as const) : ('pending' as const),
    settledAt: settled ? given.now : null,
  };
}

/** After a row gave money back: its gateway job, the order's counters, its credit note. */
async function afterRow(
  tx: LedgerRepositories,
  order: OrderRecord,
  refund: RefundRecord,
  now: Date,
): Promise<RecordedRefund> {
  if (refund.status === 'pending') await enqueueRefund(tx.jobs, refund);
  const updated = await writeOrderSums(tx, order);
  const note = await issueCreditNote(tx, {
    orderId: order.id,
    items: 'all',
    lines: refund.lines,
    includeShipping: false,
    reason: refund.reason,
    now,
  });
  if (note) await tx.refunds.setCreditNote(refund.id, note.id);
  return { order: updated, refund: note ? { ...refund, creditNoteId: note.id } : refund };
}

/**
 * Where `amount` would go back now (recordRefund's split, nothing written): before payment its
 * value first comes off what cash on delivery collects; then the gateway, cards, points — or,
 * `toStoreCredit`, all of the rest as store credit. 422 REFUND_EXCEEDS_PAID beyond what was
 * paid. Returns quote with it before anything is asked.
 */
export async function splitFor(
  tx: LedgerRepositories,
  order: OrderRecord,
  amount: number,
  options: { sums?: RefundSums; toStoreCredit?: boolean } = {},
) {
  const before = options.sums ?? (await tx.refunds.sums(order.id));
  const taken = paymentTaken(order.paymentStatus);
  // Before payment, value comes off what cash on delivery collects first: it was never paid.
  const uncollected = taken ? 0 : Math.min(amount, amountDueCents(order));
  if (options.toStoreCredit) {
    const refundable = Math.max(0, paidCents(order) - before.refundedCents);
    if (amount - uncollected > refundable) throw exceedsPaid(refundable);
    const none = { gatewayCents: 0, giftCardCents: 0, loyaltyCents: 0 };
    return { uncollected, split: none, storeCreditCents: amount - uncollected };
  }
  const pointsHeld = await loyaltyPointsHeldByOrder(tx, order.id);
  const available = {
    // Store credit given earlier used up what the gateway took first (it may go below 0: the
    // split's total is then what cards and points can still give back beyond it).
    gatewayCents: taken ? amountDueCents(order) - before.gatewayCents - before.storeCreditCents : 0,
    giftCardCents: await giftCardsHeldByOrder(tx, order.id),
    loyaltyCents: pointsHeld > 0 ? order.loyaltyCents - before.loyaltyCents : 0,
  };
  try {
    const split = splitRefund(amount - uncollected, available);
    return { uncollected, split, storeCreditCents: 0 };
  } catch {
    throw exceedsPaid(refundableCents(order));
  }
}

/**
 * Called when an order is invoiced: refunds made before it (units cancelled while cash on
 * delivery was still due) had no invoice to reverse, so one credit note now reverses their lines
 * — the invoice prints the order as placed, the note what no longer belongs to it.
 */
export async function creditRefundsBeforeInvoice(
  tx: LedgerRepositories,
  orderId: number,
  now: Date,
): Promise<void> {
  // A waiting row gets its note when approved; a declined one gave nothing back to reverse.
  const rows = (await tx.refunds.forOrder(orderId)).filter(
    (row) => row.creditNoteId === null && row.lines.length > 0 && givesMoney(row),
  );
  if (rows.length === 0) return;
  const note = await issueCreditNote(tx, {
    orderId,
    items: 'all',
    lines: rows.flatMap((row) => row.lines),
    includeShipping: false,
    reason: `Cancelled before invoicing: ${[...new Set(rows.map((row) => row.reason))].join('; ')}`,
    now,
  });
  if (note) for (const row of rows) await tx.refunds.setCreditNote(row.id, note.id);
}

/** The order's refunded total and payment status from its ledger (after any ledger change). */
export async function writeOrderSums(
  tx: Pick<LedgerRepositories, 'refunds'> & { orders: Pick<OrdersRepository, 'update'> },
  order: OrderRecord,
): Promise<OrderRecord> {
  const sums = await tx.refunds.sums(order.id);
  const counters = {
    refundedCents: sums.refundedCents,
    canceledDueCents: sums.uncollectedCents,
    awaitingRefundCents: sums.awaitingCents,
  };
  await tx.refunds.setOrderSums(order.id, counters);
  const counted = { ...order, ...counters };
  return tx.orders.update(order.id, { paymentStatus: paymentStatusAfter(counted, sums) });
}

/**
 * The refund's receipt at the gateway: the order number and the row's place in its ledger
 * (`SF-2026-000123-R2`), unique, readable on the gateway's dashboard, at most 40 characters.
 */
const receiptFor = (order: OrderRecord, ordinal: number) => `${order.orderNumber}-R${ordinal}`;

export const exceedsPaid = (refundable: number) =>
  new AppError(
    'REFUND_EXCEEDS_PAID',
    `At most ${centsToAmount(refundable).toFixed(2)} of this order can still be refunded.`,
  );
