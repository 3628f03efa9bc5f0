import { ok, page } from '../../envelope';
import { adminProcedure, router } from '../../trpc';
import { ZIdInput } from '../../zod-helpers';
import {
  ZAdminCustomerListInput,
  ZAdminCustomerListOutput,
  ZAdminCustomerOutput,
  ZBlockInput,
} from './customer.admin.schemas';

/** admin.customers (/trpc only): find customers and block or unblock them. */
export const customerAdminRouter = router({
  list: adminProcedure
    .input(ZAdminCustomerListInput)
    .output(ZAdminCustomerListOutput)
    .query(async ({ ctx, input }) => {
      const { items, meta } = await ctx.services.customer.adminList(input);
      return page(items, meta);
    }),
  get: adminProcedure
    .input(ZIdInput)
    .output(ZAdminCustomerOutput)
    .query(async ({ ctx, input }) => ok(await ctx.services.customer.adminGet(input.id))),
  setBlocked: adminProcedure
    .input(ZBlockInput)
    .output(ZAdminCustomerOutput)
    .mutation(async ({ ctx, input }) =>
      ok(await ctx.services.customer.setBlocked(input.id, input.blocked)),
    ),
});
