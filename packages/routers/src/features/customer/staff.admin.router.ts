import { ok, ZNullEnvelope } from '../../envelope';
import { adminProcedure, publicProcedure, router } from '../../trpc';
import { ZIdInput } from '../../zod-helpers';
import {
  ZAcceptInviteInput,
  ZMeOutput,
  ZRoleCreateInput,
  ZRoleListOutput,
  ZRoleOutput,
  ZRoleUpdateInput,
  ZStaffDisableInput,
  ZStaffInviteInput,
  ZStaffListOutput,
  ZStaffOutput,
  ZStaffSetRoleInput,
} from './staff.schemas';

/*
 * Roles and staff (issue 41, docs/admin-panel.md "Roles"): /trpc only, like every admin
 * procedure; staff.acceptInvite is the one public operation (the invitation link's page).
 */

/** admin.me: who is signed in and what they may do (the panel's menu follows it). */
export const meProcedure = adminProcedure('self')
  .output(ZMeOutput)
  .query(async ({ ctx }) => ok(await ctx.services.customer.staff.me(ctx.session.user.id)));

export const rolesAdminRouter = router({
  list: adminProcedure('staff:manage')
    .output(ZRoleListOutput)
    .query(async ({ ctx }) => ok(await ctx.services.customer.staff.roles.list())),
  /** 400 UNKNOWN_PERMISSION naming an unknown permission; 422 for a name in use. */
  create: adminProcedure('staff:manage')
    .meta({ errors: ['UNKNOWN_PERMISSION'] })
    .input(ZRoleCreateInput)
    .output(ZRoleOutput)
    .mutation(async ({ ctx, input }) =>
      ok(await ctx.services.customer.staff.roles.create(input), 'Role created.'),
    ),
  update: adminProcedure('staff:manage')
    .meta({ errors: ['UNKNOWN_PERMISSION'] })
    .input(ZRoleUpdateInput)
    .output(ZRoleOutput)
    .mutation(async ({ ctx, input }) =>
      ok(await ctx.services.customer.staff.roles.update(input), 'Role updated.'),
    ),
  /** 409 ROLE_IN_USE while a staff member has it (the Owner role always does). */
  delete: adminProcedure('staff:manage')
    .meta({ errors: ['ROLE_IN_USE'] })
    .input(ZIdInput)
    .output(ZNullEnvelope)
    .mutation(async ({ ctx, input }) =>
      ok(await ctx.services.customer.staff.roles.delete(input.id), 'Role deleted.'),
    ),
});

export const staffAdminRouter = router({
  list: adminProcedure('staff:manage')
    .output(ZStaffListOutput)
    .query(async ({ ctx }) => ok(await ctx.services.customer.staff.staff.list())),
  /** Creates the account without a password and e-mails the link that sets it (72 h, once). */
  invite: adminProcedure('staff:manage')
    .input(ZStaffInviteInput)
    .output(ZStaffOutput)
    .mutation(async ({ ctx, input }) =>
      ok(await ctx.services.customer.staff.staff.invite(input), 'Invitation sent.'),
    ),
  /** 422 when it would leave no active Owner. */
  setRole: adminProcedure('staff:manage')
    .meta({ audit: { id: 'user_id' } })
    .input(ZStaffSetRoleInput)
    .output(ZStaffOutput)
    .mutation(async ({ ctx, input }) =>
      ok(await ctx.services.customer.staff.staff.setRole(input), 'Role changed.'),
    ),
  /** Blocks the account and ends its sessions; 422 for the last active Owner. */
  disable: adminProcedure('staff:manage')
    .meta({ audit: { id: 'user_id' } })
    .input(ZStaffDisableInput)
    .output(ZStaffOutput)
    .mutation(async ({ ctx, input }) =>
      ok(await ctx.services.customer.staff.staff.disable(input.user_id), 'Staff member disabled.'),
    ),
});

/** staff.acceptInvite: the invitation link's page sets the password (400 INVALID_TOKEN). */
export const staffRouter = router({
  acceptInvite: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/staff/accept-invite',
        tags: ['staff'],
        protect: false,
        summary: 'Accept a back-office invitation',
        description:
          'Sets the password of the staff account an invitation e-mail was sent for (admin.staff.invite), with the token of its link; the person can then sign in to the admin panel. The token works once and for 72 hours: a used, expired or unknown one answers 400 INVALID_TOKEN.',
      },
      errors: ['INVALID_TOKEN'],
    })
    .input(ZAcceptInviteInput)
    .output(ZNullEnvelope)
    .mutation(async ({ ctx, input }) =>
      ok(
        await ctx.services.customer.staff.acceptInvite(input),
        'Your password is set: you can sign in now.',
      ),
    ),
});
