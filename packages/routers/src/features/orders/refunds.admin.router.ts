import { ok } from '../../envelope';
import { adminProcedure, router } from '../../trpc';
import {
  toRefundDto,
  ZFailedRefundIdInput,
  ZFailedRefundListOutput,
  ZRefundOutput,
} from './refunds.schemas';

/**
 * admin.refunds (/trpc only): refunds the gateway failed past their automatic retries
 * (REFUND_MAX_ATTEMPTS), for the shop to retry by hand (docs/refunds.md).
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
});
