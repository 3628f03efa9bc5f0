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
          'Whether the shop delivers to `postcode`, between which dates (YYYY-MM-DD in the shop’s time zone) and whether cash on delivery is possible, with the shipping methods that serve it. For a product (`product_id` or `variant_id`) its own dispatch days count. A postcode malformed for `country` (default: the shop’s; India: 6 digits, not starting with 0) answers 422 naming `postcode`. `deliverable: null` means the courier could not answer in time: checkout still accepts the address.',
      },
    })
    .input(ZServiceabilityInput)
    .output(ZServiceabilityOutput)
    .query(async ({ ctx, input }) => ok(await ctx.services.delivery.serviceability.check(input))),
});
