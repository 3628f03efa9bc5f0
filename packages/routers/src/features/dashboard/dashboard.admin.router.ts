import { ok } from '../../envelope';
import { adminProcedure, router } from '../../trpc';
import { ZDashboardOutput, ZDashboardSalesOutput } from './dashboard.admin.schemas';

/** admin.dashboard (/trpc only): the figures of the admin panel's first page. */
export const dashboardAdminRouter = router({
  summary: adminProcedure('orders:read')
    .output(ZDashboardOutput)
    .query(async ({ ctx }) => ok(await ctx.services.dashboard.summary())),
  /** The chart (30 shop-local days), best sellers, and returns and refunds awaiting action. */
  sales: adminProcedure('orders:read')
    .output(ZDashboardSalesOutput)
    .query(async ({ ctx }) => ok(await ctx.services.dashboard.sales())),
});
