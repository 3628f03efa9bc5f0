import { z } from 'zod';
import { ok, ZNullEnvelope } from '../../envelope';
import { customerProcedure, publicProcedure, router, shopperProcedure } from '../../trpc';
import {
  ZChangePasswordInput,
  ZForgotPasswordInput,
  ZLoginInput,
  ZLoginOutput,
  ZRegisterInput,
  ZRegisterOutput,
  ZResetPasswordInput,
  ZTokenOutput,
  ZVerifyEmailInput,
} from './auth.schemas';
import { readProfileProcedure, updateProfileProcedure } from './profile.procedures';
import {
  ZGuestOutput,
  ZOtpRequestInput,
  ZOtpVerifyInput,
  ZSignInOutput,
  ZSocialInput,
} from './sign-in.schemas';

const tags = ['auth'];

export const authRouter = router({
  register: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/register',
        tags,
        protect: false,
        summary: 'Register',
        description:
          'Creates a customer account and signs it in: answers the user and a bearer token. The e-mail must be unused (422 errors.email otherwise), the password at least 8 characters and confirmed, and `terms_accepted` true. With `guest_token` the guest’s cart and orders become the account’s (401 when that guest session has ended or was merged already). Limited per IP address (429 with Retry-After).',
      },
      session: 'issue',
      errors: ['RATE_LIMITED', 'UNAUTHENTICATED'],
      successStatus: 201,
    })
    .input(ZRegisterInput)
    .output(ZRegisterOutput)
    .mutation(async ({ ctx, input }) => {
      return ok(
        await ctx.services.auth.accounts.register(input, ctx.request),
        'Registration successful.',
      );
    }),

  login: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/login',
        tags,
        protect: false,
        summary: 'Log in',
        description:
          'Signs in with e-mail and password and answers a bearer token; `remember_me` gives the long-lived token. A wrong e-mail or password answers 401 INVALID_CREDENTIALS, a blocked account 403. After 5 failed attempts for one e-mail within 15 minutes, every login for that e-mail answers 429 with Retry-After until the window passes; attempts are also limited per IP address. With `guest_token` the guest’s cart lines (quantities added, capped by stock) and orders become the account’s and the guest session ends (401 when it has ended or was merged already).',
      },
      session: 'issue',
      errors: ['INVALID_CREDENTIALS', 'UNAUTHENTICATED', 'FORBIDDEN', 'RATE_LIMITED'],
    })
    .input(ZLoginInput)
    .output(ZLoginOutput)
    .mutation(async ({ ctx, input }) =>
      ok(await ctx.services.auth.accounts.login(input, ctx.request), 'Login successful.'),
    ),

  guest: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/guest',
        tags,
        protect: false,
        summary: 'Start a guest session',
        description:
          'A bearer token for checking out without an account (valid 30 days; `user` is null). A guest can use every /cart and /checkout operation (the shipping address must then carry `email`, where the order e-mails go), place orders and read, track, cancel and download invoices of its own orders; everything that needs an account answers 403 ACCOUNT_REQUIRED. Pass the token as `guest_token` to register, login, social or OTP sign-in to keep the cart and orders. Limited per IP address (429 with Retry-After).',
      },
      session: 'issue',
      errors: ['RATE_LIMITED'],
      successStatus: 201,
    })
    .input(z.object({}))
    .output(ZGuestOutput)
    .mutation(async ({ ctx }) =>
      ok(await ctx.services.auth.signIn.guest.start(ctx.request), 'Guest session started.'),
    ),

  social: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/social',
        tags,
        protect: false,
        summary: 'Sign in with Apple or Google',
        description:
          'Signs in with the ID token the app got from Sign in with Apple or Google: 200 with a bearer token, 201 when it created the account. The token’s signature (the provider’s published keys), issuer, audience (the shop’s client ids), expiry and verified e-mail are checked: any failure answers 401 INVALID_SOCIAL_TOKEN and creates nothing. A provider the shop has not set up answers 422 errors.provider. A new Apple/Google account whose verified e-mail belongs to an existing account is linked to it; a blocked account answers 403. `guest_token` merges a guest as on login. Limited per IP address.',
      },
      session: 'issue',
      errors: ['INVALID_SOCIAL_TOKEN', 'UNAUTHENTICATED', 'FORBIDDEN', 'RATE_LIMITED'],
      successStatus: 201,
      okWhenExisting: true,
    })
    .input(ZSocialInput)
    .output(ZSignInOutput)
    .mutation(async ({ ctx, input }) => {
      const { created, ...result } = await ctx.services.auth.signIn.social(input, ctx.request);
      if (!created) ctx.response.status = 200;
      return ok(result, created ? 'Account created.' : 'Login successful.');
    }),

  requestOtp: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/otp/request',
        tags,
        protect: false,
        summary: 'Send a sign-in code by SMS',
        description:
          'Sends a 6-digit code valid 10 minutes to `phone` (E.164, or national in the shop’s default region). The answer is the same whether or not the number has an account. An invalid number, or one of a country codes are not sent to, answers 422 errors.phone. At most 3 codes per phone per 10 minutes, a limit per country calling code, and the per-IP limit: 429 with Retry-After.',
      },
      errors: ['RATE_LIMITED'],
    })
    .input(ZOtpRequestInput)
    .output(ZNullEnvelope)
    .mutation(async ({ ctx, input }) =>
      ok(null, await ctx.services.auth.signIn.requestOtp(input.phone, ctx.request)),
    ),

  verifyOtp: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/otp/verify',
        tags,
        protect: false,
        summary: 'Sign in with an SMS code',
        description:
          'Signs in the account whose verified phone this is (200), or creates one (201; `name` required then, 422 errors.name; the e-mail stays empty). A wrong, used or expired code answers 422 INVALID_OTP; 5 wrong codes end that code. `guest_token` merges a guest as on login; a blocked account answers 403. Limited per IP address.',
      },
      session: 'issue',
      errors: ['INVALID_OTP', 'UNAUTHENTICATED', 'FORBIDDEN', 'RATE_LIMITED'],
      successStatus: 201,
      okWhenExisting: true,
    })
    .input(ZOtpVerifyInput)
    .output(ZSignInOutput)
    .mutation(async ({ ctx, input }) => {
      const { created, ...result } = await ctx.services.auth.signIn.verifyOtp(input, ctx.request);
      if (!created) ctx.response.status = 200;
      return ok(result, created ? 'Account created.' : 'Login successful.');
    }),

  logout: shopperProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/logout',
        tags,
        summary: 'Log out',
        description:
          'Revokes the presented token and removes the devices registered with it (no more pushes to a signed-out phone); other sessions of the user stay signed in. No body is needed.',
      },
      session: 'revoke',
    })
    .input(z.object({}))
    .output(ZNullEnvelope)
    .mutation(async ({ ctx }) => {
      await ctx.services.notifications.forgetSession(ctx.session.sessionId);
      return ok(await ctx.services.auth.accounts.logout(ctx.session), 'Logged out successfully.');
    }),

  refresh: shopperProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/refresh',
        tags,
        summary: 'Refresh token',
        description:
          'Exchanges the presented token for a new one with the same lifetime class; the old token stops working at once. Of several refreshes of one token, exactly one succeeds. No body is needed.',
      },
      session: 'issue',
    })
    .input(z.object({}))
    .output(ZTokenOutput)
    .mutation(async ({ ctx }) =>
      ok(await ctx.services.auth.accounts.refresh(ctx.session), 'Token refreshed.'),
    ),

  me: readProfileProcedure({
    method: 'GET',
    path: '/auth/me',
    tags,
    summary: 'Current user',
    description: 'The signed-in user (the same object as GET /customer/profile).',
  }),

  updateProfile: updateProfileProcedure({
    method: 'PUT',
    path: '/auth/profile',
    tags,
    summary: 'Update profile',
    description:
      'Changes name, phone, date of birth or gender; omitted fields stay as they are. The e-mail cannot be changed here.',
  }),

  changePassword: customerProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/password/change',
        tags,
        summary: 'Change password',
        description:
          'Checks the current password (422 errors.current_password when wrong), sets the new one and revokes every other session of the user; the presented token keeps working. Wrong passwords count against the account’s failed-login budget (5 in 15 minutes), then 429 with Retry-After.',
      },
      errors: ['RATE_LIMITED'],
    })
    .input(ZChangePasswordInput)
    .output(ZNullEnvelope)
    .mutation(async ({ ctx, input }) =>
      ok(
        await ctx.services.auth.accounts.changePassword(ctx.session, input),
        'Password changed successfully.',
      ),
    ),

  forgotPassword: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/password/forgot',
        tags,
        protect: false,
        summary: 'Forgot password',
        description:
          'Sends a password reset e-mail with a single-use link. The answer is the same, and takes the same time, whether or not the e-mail belongs to an account. Reset e-mails per address are limited (3 an hour by default), whoever asks: past the limit, the same answer and no e-mail. Limited per IP address (429 with Retry-After).',
      },
      errors: ['RATE_LIMITED'],
    })
    .input(ZForgotPasswordInput)
    .output(ZNullEnvelope)
    .mutation(async ({ ctx, input }) =>
      ok(null, await ctx.services.auth.accounts.forgotPassword(input.email, ctx.request)),
    ),

  resetPassword: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/password/reset',
        tags,
        protect: false,
        summary: 'Reset password',
        description:
          'Sets a new password with the token from the reset e-mail and revokes every session of the user. A wrong, used or expired token answers 422 INVALID_RESET_TOKEN. Limited per IP address (429 with Retry-After).',
      },
      errors: ['INVALID_RESET_TOKEN', 'RATE_LIMITED'],
    })
    .input(ZResetPasswordInput)
    .output(ZNullEnvelope)
    .mutation(async ({ ctx, input }) =>
      ok(
        await ctx.services.auth.accounts.resetPassword(input, ctx.request),
        'Your password has been reset. Please log in.',
      ),
    ),

  verifyEmail: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/email/verify',
        tags,
        protect: false,
        summary: 'Verify e-mail',
        description:
          'Marks the account’s e-mail verified (`email_verified_at`) with the `token` and `email` from the verification e-mail (sent on registration and by POST /auth/email/resend). A token works once and for 24 hours; a wrong, used or expired one answers 422 INVALID_VERIFICATION_TOKEN. Limited per IP address (429 with Retry-After).',
      },
      errors: ['INVALID_VERIFICATION_TOKEN', 'RATE_LIMITED'],
    })
    .input(ZVerifyEmailInput)
    .output(ZNullEnvelope)
    .mutation(async ({ ctx, input }) =>
      ok(
        await ctx.services.auth.accounts.verifyEmail(input, ctx.request),
        'Your e-mail address is verified.',
      ),
    ),

  resendVerification: customerProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/email/resend',
        tags,
        summary: 'Resend verification e-mail',
        description:
          'Sends a new verification e-mail to the signed-in customer (earlier links stay valid until they expire). Already verified: 200 and nothing is sent. At most 5 per hour (429 with Retry-After).',
      },
      errors: ['RATE_LIMITED'],
    })
    .input(z.object({}))
    .output(ZNullEnvelope)
    .mutation(async ({ ctx }) => {
      const message = await ctx.services.auth.accounts.resendVerification(ctx.session);
      return ok(null, message);
    }),
});
