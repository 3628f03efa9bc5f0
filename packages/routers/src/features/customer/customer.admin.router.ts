import { ok, page, ZNullEnvelope } from '../../envelope';
import { adminProcedure, router } from '../../trpc';
import { ZIdInput } from '../../zod-helpers';
import {
  ZAdminCustomerListInput,
  ZAdminCustomerListOutput,
  ZAdminCustomerOutput,
  ZAdminInviteInput,
  ZAdminListOutput,
  ZBlockInput,
} from './customer.admin.schemas';

/** admin.customers (/trpc only): find customers and block or unblock them. */
export const customerAdminRouter = router({
  list: adminProcedure('customers:read')
    .input(ZAdminCustomerListInput)
    .output(ZAdminCustomerListOutput)
    .query(async ({ ctx, input }) => {
      const { items, meta } = await ctx.services.customer.profiles.adminList(input);
      return page(items, meta);
    }),
  get: adminProcedure('customers:read')
    .input(ZIdInput)
    .output(ZAdminCustomerOutput)
    .query(async ({ ctx, input }) => ok(await ctx.services.customer.profiles.adminGet(input.id))),
  setBlocked: adminProcedure('customers:write')
    .input(ZBlockInput)
    .output(ZAdminCustomerOutput)
    .mutation(async ({ ctx, input }) =>
      ok(await ctx.services.customer.profiles.setBlocked(input.id, input.blocked)),
    ),
  /** Deletes a customer who asked by e-mail, as DELETE /auth/account does (account slice). */
  delete: adminProcedure('customers:write')
    .input(ZIdInput)
    .output(ZNullEnvelope)
    .mutation(async ({ ctx, input }) =>
      ok(await ctx.services.customer.account.deleteByAdmin(input.id), 'Customer deleted.'),
    ),
});

/** admin.admins (/trpc only): the back office's own accounts. */
export const adminsAdminRouter = router({
  /** The signed-in admin (the panel's sign-in check: a customer's token answers 403). */
  me: adminProcedure('self')
    .output(ZAdminCustomerOutput)
    .query(async ({ ctx }) =>
      ok(await ctx.services.customer.profiles.adminGet(ctx.session.user.id)),
    ),
  list: adminProcedure('staff:manage')
    .output(ZAdminListOutput)
    .query(async ({ ctx }) => ok(await ctx.services.customer.admins.list())),
  /** Creates an admin account with this password (422 when the e-mail is taken). */
  invite: adminProcedure('staff:manage')
    .input(ZAdminInviteInput)
    .output(ZAdminCustomerOutput)
    .mutation(async ({ ctx, input }) =>
      ok(await ctx.services.customer.admins.invite(input), 'Admin created.'),
    ),
  /** Blocks the admin and ends their sessions; 422 for the last active Owner. */
  disable: adminProcedure('staff:manage')
    .input(ZIdInput)
    .output(ZAdminCustomerOutput)
    .mutation(async ({ ctx, input }) =>
      ok(await ctx.services.customer.admins.disable(input.id), 'Admin disabled.'),
    ),
});
