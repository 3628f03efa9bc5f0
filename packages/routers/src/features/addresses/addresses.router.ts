import { ok } from '../../envelope';
import { customerProcedure, router } from '../../trpc';
import {
  ZAddressId,
  ZAddressListOutput,
  ZAddressOutput,
  ZCreateAddressInput,
  ZNullEnvelope,
  ZUpdateAddressInput,
} from './addresses.schemas';

const tags = ['addresses'];

export const addressesRouter = router({
  list: customerProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/customer/addresses',
        tags,
        summary: 'List addresses',
        description: "The customer's saved addresses, defaults first.",
      },
    })
    .output(ZAddressListOutput)
    .query(async ({ ctx }) => ok(await ctx.services.addresses.list(ctx.session.user.id))),

  create: customerProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/customer/addresses',
        tags,
        summary: 'Create address',
        description:
          "Saves an address. `country` is an ISO 3166-1 alpha-2 code. A customer's first address becomes the default shipping and billing address; setting a default clears the previous one. `email` defaults to the account e-mail.",
      },
      successStatus: 201,
    })
    .input(ZCreateAddressInput)
    .output(ZAddressOutput)
    .mutation(async ({ ctx, input }) =>
      ok(await ctx.services.addresses.create(ctx.session.user.id, input), 'Address saved.'),
    ),

  update: customerProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/customer/addresses/{id}',
        tags,
        summary: 'Update address',
        description:
          "Changes a saved address; omitted fields stay as they are. Another customer's address answers 404 like an unknown id.",
      },
    })
    .input(ZUpdateAddressInput)
    .output(ZAddressOutput)
    .mutation(async ({ ctx, input }) =>
      ok(await ctx.services.addresses.update(ctx.session.user.id, input), 'Address updated.'),
    ),

  remove: customerProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/customer/addresses/{id}',
        tags,
        summary: 'Delete address',
        description:
          "Deletes a saved address. Orders keep their own copy of it. Another customer's address answers 404 like an unknown id.",
      },
    })
    .input(ZAddressId)
    .output(ZNullEnvelope)
    .mutation(async ({ ctx, input }) =>
      ok(await ctx.services.addresses.remove(ctx.session.user.id, input.id), 'Address deleted.'),
    ),
});
