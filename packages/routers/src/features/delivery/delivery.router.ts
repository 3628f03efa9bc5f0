import { ok } from '../../envelope';
import { publicProcedure, router } from '../../trpc';
import { ZServiceabilityInput, ZServiceabilityOutput } from './delivery.schemas';

export const deliveryRouter = router({
  serviceability: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/serviceability',
        tags: ['delivery'],
        protect: false,
        summary: 'Delivery promise for a postcode',
        description:
          'Whether the shop delivers to `postcode`, between which dates (YYYY-MM-DD in the shop’s time zone) and whether cash on delivery is possible, with the shipping methods that serve it. For a product (`product_id` or `variant_id`) its own dispatch days count; with a customer token and no product, the cart’s latest line’s (an invalid token answers 401). A postcode malformed for `country` (default: the shop’s; India: 6 digits, not starting with 0) answers 422 naming `postcode`. `deliverable: null` means the courier could not answer in time: checkout still accepts the address.',
      },
      errors: ['UNAUTHENTICATED'],
    })
    .input(ZServiceabilityInput)
    .output(ZServiceabilityOutput)
    .query(async ({ ctx, input }) => {
      // With a customer's token and no product, the promise is for the customer's cart.
      const authorization = ctx.request.authorization;
      const session =
        authorization && input.product_id === undefined && input.variant_id === undefined
          ? await ctx.services.auth.customerSession(authorization)
          : undefined;
      return ok(await ctx.services.delivery.serviceability.check(input, session?.user.id));
    }),
});
