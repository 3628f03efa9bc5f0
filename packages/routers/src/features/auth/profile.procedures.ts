import { ok } from '../../envelope';
import { customerProcedure, type Meta } from '../../trpc';
import { ZProfileInput, ZProfileOutput } from './auth.schemas';

type OpenApi = NonNullable<Meta['openapi']>;

/*
 * The spec gives the profile two addresses each (GET /auth/me = GET /customer/profile, PUT
 * /auth/profile = PUT /customer/profile): one procedure definition, mounted under both.
 */

/** The signed-in customer's profile, at the REST path `openapi` names. */
export const readProfileProcedure = (openapi: OpenApi) =>
  customerProcedure
    .meta({ openapi })
    .output(ZProfileOutput)
    .query(async ({ ctx }) => {
      const userId = ctx.session.user.id;
      const [profile, methods] = await Promise.all([
        ctx.services.customer.profiles.profile(userId),
        ctx.services.auth.signIn.signInMethods(userId),
      ]);
      return ok({ ...profile, ...methods });
    });

/** Changes the fields given of the signed-in customer's profile, at the path `openapi` names. */
export const updateProfileProcedure = (openapi: OpenApi) =>
  customerProcedure
    .meta({ openapi })
    .input(ZProfileInput)
    .output(ZProfileOutput)
    .mutation(async ({ ctx, input }) => {
      const userId = ctx.session.user.id;
      const profile = await ctx.services.customer.profiles.updateProfile(userId, input);
      const methods = await ctx.services.auth.signIn.signInMethods(userId);
      return ok({ ...profile, ...methods }, 'Profile updated successfully.');
    });
