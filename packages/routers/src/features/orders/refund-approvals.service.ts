import { AppError } from '../../errors';
import { centsToAmount } from '../../money';
import type { Clock } from '../../ports';
import type { InTransaction } from '../../transactions';
import { enqueueMail } from '../mail';
import { refundMail } from './order-refunds.service';
import type { OrderRecord } from './orders.repository';
import type { OrderRepositories } from './orders.service';
import {
  alreadyDecided,
  approveRefund,
  type RefundRequester,
  writeOrderSums,
} from './refund-ledger.steps';
import type { RefundRecord } from './refunds.repository';

/*
 * Maker–checker for refunds (issue 41, docs/refunds.md "Approval"): a refund above its
 * requester's refund limit waits as `awaiting_approval`; a checker — a role with `refunds:issue`
 * and no refund limit (Owner, Manager) — other than the requester approves it (the normal path
 * runs once: cards, points, the gateway job, the credit note) or declines it (no money).
 */

export interface RefundApprovalsDeps<Tx extends OrderRepositories> {
  inTransaction: InTransaction<Tx>;
  clock: Clock;
  /**
   * What approving a kind finishes beyond the ledger, in its transaction (a return: its store
   * credit, its points, its status; returns-admin.service.ts).
   */
  afterApproval?: (tx: Tx, order: OrderRecord, refund: RefundRecord) => Promise<void>;
}

const refundNotFound = () => new AppError('NOT_FOUND', 'Refund not found.');

/**
 * Only a role whose own refunds never wait may let others' through; never one's own request
 * (a role changed after asking). 403 FORBIDDEN saying which.
 */
function assertChecker(checker: RefundRequester, row?: RefundRecord) {
  if (checker.refundLimitCents !== null) {
    throw new AppError(
      'FORBIDDEN',
      'Only a role without a refund limit (such as Owner) can approve or decline refunds.',
    );
  }
  if (row && row.requestedById === checker.userId) {
    throw new AppError(
      'FORBIDDEN',
      'You asked for this refund: another person must approve or decline it.',
    );
  }
}

export function createRefundApprovals<Tx extends OrderRepositories>(deps: RefundApprovalsDeps<Tx>) {
  const { inTransaction, clock } = deps;

  /** The waiting row with its order's row locked: 404, 403 (checker), 409 (decided already). */
  async function waiting(tx: Tx, id: number, checker: RefundRequester) {
    const first = await tx.refunds.find(id);
    const order = first && (await tx.orders.find(first.orderId, undefined, { lock: true }));
    const row = order && (await tx.refunds.find(id));
    if (!order || !row) throw refundNotFound();
    assertChecker(checker, row);
    if (row.status !== 'awaiting_approval') throw alreadyDecided();
    return { order, row };
  }

  return {
    /** admin.refunds.pending: the refunds waiting for approval, oldest first. */
    pending(limit = 200) {
      return inTransaction((tx) => tx.refunds.awaitingApproval(limit));
    },

    /** admin.refunds.approve: the waiting refund gives its money back now (once). */
    async approve(id: number, checker: RefundRequester): Promise<RefundRecord> {
      assertChecker(checker);
      return inTransaction(async (tx) => {
        const { order, row } = await waiting(tx, id, checker);
        const now = clock.now();
        const approved = await approveRefund(tx, order, row, { userId: checker.userId, now });
        const amount = centsToAmount(row.amountCents).toFixed(2);
        await tx.orders.addEvent(
          order.id,
          approved.order.status,
          `Refund of ${amount} approved: ${row.reason}`,
        );
        // A return tells its customer itself (afterApproval); the others get the refund's mail.
        const mail =
          row.kind === 'return' ? undefined : refundMail(order, approved.refund, row.reason);
        if (mail) await enqueueMail(tx.jobs, mail);
        await deps.afterApproval?.(tx, approved.order, approved.refund);
        return approved.refund;
      });
    },

    /**
     * admin.refunds.decline: nothing is given back; the cancel or return it came with stands
     * (docs/refunds.md "Approval": the shop keeps the money).
     */
    async decline(id: number, reason: string, checker: RefundRequester): Promise<RefundRecord> {
      assertChecker(checker);
      return inTransaction(async (tx) => {
        const { order, row } = await waiting(tx, id, checker);
        const now = clock.now();
        const declined = await tx.refunds.decide(row.id, {
          status: 'declined',
          declineReason: reason,
          decidedById: checker.userId,
          decidedAt: now,
        });
        if (!declined) throw alreadyDecided();
        const updated = await writeOrderSums(tx, order);
        const amount = centsToAmount(row.amountCents).toFixed(2);
        await tx.orders.addEvent(
          order.id,
          updated.status,
          `Refund of ${amount} declined: ${reason}`,
        );
        return declined;
      });
    },
  };
}

export type RefundApprovals = ReturnType<typeof createRefundApprovals>;
