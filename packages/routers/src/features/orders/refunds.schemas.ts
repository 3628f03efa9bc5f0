import { REFUND_KINDS, REFUND_STATUSES } from '@storefront/db/schema';
import { z } from 'zod';
import { envelope } from '../../envelope';
import { centsToAmount } from '../../money';
import { toIso, toIsoOrNull, zAmount, zDateTime, zId } from '../../zod-helpers';
import type { RefundRecord } from './refunds.repository';

const reason = () => z.string().trim().min(1).max(500);

/** POST /customer/orders/{id}/cancel-items */
export const ZCancelItemsInput = z.object({
  id: zId(),
  items: z
    .array(
      z.object({
        order_item_id: zId(),
        quantity: z.number().int().min(1).max(100_000),
      }),
    )
    .min(1)
    .max(100),
  reason: reason(),
});

/** admin.orders.refund: a goodwill refund of any amount up to what is still refundable. */
export const ZGoodwillRefundInput = z.object({
  order_id: zId(),
  amount: zAmount().refine((value) => value > 0, { message: 'Must be more than 0.' }),
  reason: reason(),
});

export const ZRefundIdInput = z.object({ refund_id: zId() });
export const ZOrderRefundsInput = z.object({ order_id: zId() });
/** admin.refunds.retry: the failed ledger row, by its id. */
export const ZFailedRefundIdInput = z.object({ id: zId() });

export const ZRefund = z
  .object({
    id: z.number().int(),
    order_id: z.number().int(),
    kind: z.enum(REFUND_KINDS),
    status: z.enum(REFUND_STATUSES).meta({
      description:
        'The gateway part’s state (cards and points are given back when the refund is written). `awaiting_approval`: above the requesting staff member’s refund limit, nothing given back until an Owner approves it (then `pending` or `processed`); `declined`: the Owner refused it, nothing given back (see `decline_reason`)',
    }),
    amount: z.number().meta({
      description:
        'The value given back: the sum of the parts below; while `awaiting_approval` or once `declined`, the value asked (every part 0)',
    }),
    gateway_amount: z.number(),
    gift_card_amount: z.number(),
    loyalty_amount: z.number().meta({ description: 'The points given back, as their value' }),
    loyalty_points: z.number().int(),
    uncollected_amount: z
      .number()
      .meta({ description: 'Taken off what cash on delivery collects (cancelled before payment)' }),
    reason: z.string(),
    receipt: z.string().meta({ description: 'The refund’s unique name at the gateway' }),
    gateway_refund_id: z.string().nullable(),
    retry_of_id: z.number().int().nullable(),
    credit_note_id: z.number().int().nullable(),
    lines: z.array(
      z.object({
        order_item_id: z.number().int().nullable(),
        description: z.string(),
        quantity: z.number().int().meta({ description: '0 for goodwill (value only)' }),
        amount: z.number(),
      }),
    ),
    can_retry: z.boolean().meta({ description: 'Failed and not asked for again yet' }),
    attempt: z
      .number()
      .int()
      .meta({ description: 'Which attempt at the gateway part: 0 the first, n its nth retry' }),
    gateway_speed: z.string().nullable().meta({
      description: 'The speed the gateway processes it at (`instant`, `normal`), if told',
    }),
    requested_by_id: z.number().int().nullable().meta({
      description: 'The staff member whose refund waited for approval (above their refund limit)',
    }),
    decided_by_id: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'Who approved or declined it, once decided' }),
    decided_at: zDateTime().nullable(),
    decline_reason: z.string().nullable(),
    created_at: zDateTime(),
    settled_at: zDateTime().nullable(),
  })
  .meta({ id: 'Refund' });
export type RefundDto = z.infer<typeof ZRefund>;

/** admin.orders.refunds' row: the refund and its credit note's number (the panel shows it). */
export const ZRefundLedgerRow = ZRefund.extend({
  credit_note_number: z
    .string()
    .nullable()
    .meta({ description: 'The credit note of an invoiced order’s refund, once written' }),
}).meta({ id: 'RefundLedgerRow' });

export const ZRefundOutput = envelope(ZRefund);
export const ZRefundListOutput = envelope(z.array(ZRefundLedgerRow));
/** admin.refunds.failed: rows across orders (the panel links each to its order). */
export const ZFailedRefundListOutput = envelope(z.array(ZRefund));

/** The answer's message when a refund waits for approval (above the caller's refund limit). */
export const AWAITING_APPROVAL_MESSAGE =
  'The refund is above your refund limit: it waits for an Owner’s approval.';

/** admin.refunds.approve {id}: the waiting refund. */
export const ZRefundApprovalInput = z.object({ id: zId() });
/** admin.refunds.decline {id, reason}: the reason is kept on the row. */
export const ZRefundDeclineInput = z.object({ id: zId(), reason: reason() });

/** admin.refunds.pending: a waiting refund with its order and who asked. */
export const ZPendingRefund = ZRefund.extend({
  order_number: z.string(),
  currency: z.string(),
  requested_by_email: z
    .string()
    .nullable()
    .meta({ description: 'The requester’s e-mail (null once their account is deleted)' }),
}).meta({ id: 'PendingRefund' });
export const ZPendingRefundListOutput = envelope(z.array(ZPendingRefund));

/** The ledger row as the panel shows it; `retried`: ids of rows some later row asks again for. */
export function toRefundDto(row: RefundRecord, retried: ReadonlySet<number>): RefundDto {
  return {
    id: row.id,
    order_id: row.orderId,
    kind: row.kind,
    status: row.status,
    amount: centsToAmount(row.amountCents),
    gateway_amount: centsToAmount(row.gatewayCents),
    gift_card_amount: centsToAmount(row.giftCardCents),
    loyalty_amount: centsToAmount(row.loyaltyCents),
    loyalty_points: row.loyaltyPoints,
    uncollected_amount: centsToAmount(row.uncollectedCents),
    reason: row.reason,
    receipt: row.receipt,
    gateway_refund_id: row.gatewayRefundId,
    retry_of_id: row.retryOfId,
    credit_note_id: row.creditNoteId,
    lines: row.lines.map((line) => ({
      order_item_id: line.orderItemId,
      description: line.description,
      quantity: line.quantity,
      amount: centsToAmount(line.totalCents),
    })),
    can_retry: row.status === 'failed' && !retried.has(row.id),
    attempt: row.attempt,
    gateway_speed: row.gatewaySpeed,
    requested_by_id: row.requestedById,
    decided_by_id: row.decidedById,
    decided_at: toIsoOrNull(row.decidedAt),
    decline_reason: row.declineReason,
    created_at: toIso(row.createdAt),
    settled_at: toIsoOrNull(row.settledAt),
  };
}

/** Every row of an order's ledger, oldest first, with the numbers of the order's credit notes. */
export function toRefundDtos(
  rows: readonly RefundRecord[],
  creditNotes: readonly { id: number; number: string }[],
): z.infer<typeof ZRefundLedgerRow>[] {
  const retried = new Set(rows.flatMap((row) => (row.retryOfId === null ? [] : [row.retryOfId])));
  const numbers = new Map(creditNotes.map((note) => [note.id, note.number]));
  return rows.map((row) => ({
    ...toRefundDto(row, retried),
    credit_note_number: row.creditNoteId === null ? null : (numbers.get(row.creditNoteId) ?? null),
  }));
}
