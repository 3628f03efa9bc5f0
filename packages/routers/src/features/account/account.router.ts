import { z } from 'zod';
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
          'A copy of everything the shop holds about the customer, as a JSON attachment (see the `Content-Disposition` header): `profile`, `addresses`, `orders` (each with its `items` and `events`), `returns` (each with its `items` and `events`), `reviews`, `wishlist`, `devices`, `loyalty_ledger` (points earned, redeemed, returned, expired and adjusted), `gift_cards_received` (gift cards sent to the customer’s e-mail address, by their last 4 characters, never the code), `store_credit` (store-credit cards the customer owns, by last 4 and `balance_cents`, never the code) and `notification_preferences`, stamped `exported_at`. At most 3 exports a day: then 429 RATE_LIMITED with Retry-After.',
        responseHeaders: z.object({
          'Content-Disposition': z.string().meta({
            description: 'Always `attachment; filename="account-<customer id>.json"`.',
            example: 'attachment; filename="account-42.json"',
          }),
        }),
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
