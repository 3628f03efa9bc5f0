import { ok } from '../../envelope';
import { customerProcedure, router } from '../../trpc';
import { ZProfileInput, ZUserOutput } from '../auth/auth.schemas';

export const customerRouter = router({
  profile: customerProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/customer/profile',
        tags: ['customer'],
        summary: 'Get profile',
        description: 'The signed-in customer (the same object as GET /auth/me).',
      },
    })
    .output(ZUserOutput)
    .query(async ({ ctx }) => ok(await ctx.services.customer.profile(ctx.session.user.id))),

  updateProfile: customerProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/customer/profile',
        tags: ['customer'],
        summary: 'Update customer profile',
        description:
          'Changes name, phone, date of birth or gender; omitted fields stay as they are (the same operation as PUT /auth/profile).',
      },
    })
    .input(ZProfileInput)
    .output(ZUserOutput)
    .mutation(async ({ ctx, input }) =>
      ok(
        await ctx.services.customer.updateProfile(ctx.session.user.id, input),
        'Profile updated successfully.',
      ),
    ),
});
