import { ok } from '../../envelope';
import { customerProcedure, router } from '../../trpc';
import { ZAccountExportOutput } from './account.schemas';

export const accountRouter = router({
  export: customerProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/customer/export',
        tags: ['customer'],
        summary: 'Export my data',
        description:
          'A copy of everything the shop holds about the customer (profile, addresses, orders with items and events, reviews, wishlist, devices, notification preferences) as a JSON attachment (`Content-Disposition: attachment; filename="account-<id>.json"`). At most 3 exports a day: then 429 RATE_LIMITED with Retry-After.',
      },
      errors: ['RATE_LIMITED'],
    })
    .output(ZAccountExportOutput)
    .query(async ({ ctx }) => {
      const userId = ctx.session.user.id;
      const data = await ctx.services.customer.account.export(userId);
      ctx.response.headers['Content-Disposition'] = `attachment; filename="account-${userId}.json"`;
      return ok(data);
    }),
});
