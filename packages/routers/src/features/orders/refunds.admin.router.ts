import { ok } from '../../envelope';
import { adminProcedure, router } from '../../trpc';
import { requesterOf } from './refund-ledger.steps';
import {
  toRefundDto,
  ZFailedRefundIdInput,
  ZFailedRefundListOutput,
  ZPendingRefundListOutput,
  ZRefundApprovalInput,
  ZRefundDeclineInput,
  ZRefundOutput,
} from './refunds.schemas';

/**
 * admin.refunds (/trpc only): refunds the gateway failed past their automatic retries
 * (REFUND_MAX_ATTEMPTS), for the shop to retry by hand, and refunds above their requester's
 * refund limit, for an Owner to approve or decline (docs/refunds.md "Approval"). Approving needs
 * `refunds:issue` and a role without a refund limit (checked by the service: 403 otherwise).
 */
export const refundsAdminRouter = router({
  /** Failed rows no retry asks for any more, newest first (each can be retried). */
  failed: adminProcedure('orders:read')
    .output(ZFailedRefundListOutput)
    .query(async ({ ctx }) => {
      const rows = await ctx.services.orders.adminRefunds.failed();
      return ok(rows.map((row) => toRefundDto(row, new Set())));
    }),
  /** Asks the gateway again for a failed refund's money: admin.orders.retryRefund's code. */
  retry: adminProcedure('refunds:issue')
    .input(ZFailedRefundIdInput)
    .output(ZRefundOutput)
    .mutation(async ({ ctx, input }) =>
      ok(
        toRefundDto(await ctx.services.orders.adminRefunds.retry(input.id), new Set()),
        'Refund requested again.',
      ),
    ),
  /** Refunds awaiting approval, oldest first, with their order and who asked. */
  pending: adminProcedure('orders:read')
    .output(ZPendingRefundListOutput)
    .query(async ({ ctx }) => {
      const rows = await ctx.services.returns.refundApprovals.pending();
      return ok(
        rows.map((row) => ({
          ...toRefundDto(row.refund, new Set()),
          order_number: row.orderNumber,
          currency: row.currency,
          requested_by_email: row.requestedByEmail,
        })),
      );
    }),
  /**
   * Gives the waiting refund's money back now, once (409 REFUND_ALREADY_DECIDED after an approve
   * or decline; 403 for the requester themself or a role with a refund limit).
   */
  approve: adminProcedure('refunds:issue')
    .input(ZRefundApprovalInput)
    .output(ZRefundOutput)
    .mutation(async ({ ctx, input }) =>
      ok(
        toRefundDto(
          await ctx.services.returns.refundApprovals.approve(input.id, requesterOf(ctx)),
          new Set(),
        ),
        'Refund approved.',
      ),
    ),
  /** Refuses the waiting refund: nothing is given back, the reason is kept (same 403/409). */
  decline: adminProcedure('refunds:issue')
    .input(ZRefundDeclineInput)
    .output(ZRefundOutput)
    .mutation(async ({ ctx, input }) =>
      ok(
        toRefundDto(
          await ctx.services.returns.refundApprovals.decline(
            input.id,
            input.reason,
            requesterOf(ctx),
          ),
          new Set(),
        ),
        'Refund declined.',
      ),
    ),
});
