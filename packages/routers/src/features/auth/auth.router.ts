import { z } from 'zod';
import { ok, ZNullEnvelope } from '../../envelope';
import { customerProcedure, publicProcedure, router } from '../../trpc';
import {
  ZChangePasswordInput,
  ZForgotPasswordInput,
  ZLoginInput,
  ZLoginOutput,
  ZProfileInput,
  ZRegisterInput,
  ZRegisterOutput,
  ZResetPasswordInput,
  ZTokenOutput,
  ZUserOutput,
} from './auth.schemas';

const tags = ['auth'];

export const authRouter = router({
  register: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/register',
        tags,
        summary: 'Create a customer account and sign in',
        errorResponses: [429],
        protect: false,
      },
      successStatus: 201,
    })
    .input(ZRegisterInput)
    .output(ZRegisterOutput)
    .mutation(async ({ ctx, input }) => {
      return ok(await ctx.services.auth.register(input, ctx.request), 'Registration successful.');
    }),

  login: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/login',
        tags,
        summary: 'Sign in with e-mail and password',
        errorResponses: [401, 403, 429],
        description:
          'After 5 failed attempts for one e-mail within 15 minutes, login for that e-mail answers 429 with Retry-After until the window passes.',
        protect: false,
      },
    })
    .input(ZLoginInput)
    .output(ZLoginOutput)
    .mutation(async ({ ctx, input }) =>
      ok(await ctx.services.auth.login(input, ctx.request), 'Login successful.'),
    ),

  logout: customerProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/logout',
        tags,
        summary: 'Revoke the presented token',
      },
    })
    .input(z.object({}))
    .output(ZNullEnvelope)
    .mutation(async ({ ctx }) =>
      ok(await ctx.services.auth.logout(ctx.session), 'Logged out successfully.'),
    ),

  refresh: customerProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/refresh',
        tags,
        summary: 'Exchange the presented token for a new one (the old one is revoked)',
      },
    })
    .input(z.object({}))
    .output(ZTokenOutput)
    .mutation(async ({ ctx }) =>
      ok(await ctx.services.auth.refresh(ctx.session), 'Token refreshed.'),
    ),

  me: customerProcedure
    .meta({ openapi: { method: 'GET', path: '/auth/me', tags, summary: 'The signed-in user' } })
    .output(ZUserOutput)
    .query(async ({ ctx }) => ok(await ctx.services.customer.profile(ctx.session.user.id))),

  updateProfile: customerProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/auth/profile',
        tags,
        summary: 'Update name, phone, date of birth or gender (omitted fields stay as they are)',
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

  changePassword: customerProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/password/change',
        tags,
        summary: 'Change the password; every other session of the user is revoked',
      },
    })
    .input(ZChangePasswordInput)
    .output(ZNullEnvelope)
    .mutation(async ({ ctx, input }) =>
      ok(
        await ctx.services.auth.changePassword(ctx.session, input),
        'Password changed successfully.',
      ),
    ),

  forgotPassword: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/password/forgot',
        tags,
        summary: 'Send a password reset e-mail (same answer whether or not the e-mail exists)',
        errorResponses: [429],
        protect: false,
      },
    })
    .input(ZForgotPasswordInput)
    .output(ZNullEnvelope)
    .mutation(async ({ ctx, input }) =>
      ok(null, await ctx.services.auth.forgotPassword(input.email, ctx.request)),
    ),

  resetPassword: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/password/reset',
        tags,
        summary:
          'Set a new password with the token from the reset e-mail; all sessions are revoked',
        errorResponses: [429],
        protect: false,
      },
    })
    .input(ZResetPasswordInput)
    .output(ZNullEnvelope)
    .mutation(async ({ ctx, input }) =>
      ok(
        await ctx.services.auth.resetPassword(input, ctx.request),
        'Your password has been reset. Please log in.',
      ),
    ),
});
