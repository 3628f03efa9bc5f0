import { ok } from '../../envelope';
import { customerProcedure, type Meta } from '../../trpc';
import { ZProfileInput, ZUserOutput } from './auth.schemas';

type OpenApi = NonNullable<Meta['openapi']>;

/*
 * The spec gives the profile two addresses each (GET /auth/me = GET /customer/profile, PUT
 * /auth/profile = PUT /customer/profile): one procedure definition, mounted under both.
 */

/** The signed-in customer's profile, at the REST path `openapi` names. */
export const readProfileProcedure = (openapi: OpenApi) =>
  customerProcedure
    .meta({ openapi })
    .output(ZUserOutput)
    .query(async ({ ctx }) =>
      ok(await ctx.services.customer.profiles.profile(ctx.session.user.id)),
    );

/** Changes the fields given of the signed-in customer's profile, at the path `openapi` names. */
export const updateProfileProcedure = (openapi: OpenApi) =>
  customerProcedure
    .meta({ openapi })
    .input(ZProfileInput)
    .output(ZUserOutput)
    .mutation(async ({ ctx, input }) =>
      ok(
        await ctx.services.customer.profiles.updateProfile(ctx.session.user.id, input),
        'Profile updated successfully.',
      ),
    );
