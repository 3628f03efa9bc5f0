import { ok, ZNullEnvelope } from '../../envelope';
import { customerProcedure, router } from '../../trpc';
import {
  readProfileProcedure,
  updateProfileProcedure,
  ZPhoneCodeInput,
  ZPhoneVerifiedOutput,
  ZPhoneVerifyInput,
} from '../auth';

const tags = ['customer'];

export const customerRouter = router({
  profile: readProfileProcedure({
    method: 'GET',
    path: '/customer/profile',
    tags,
    summary: 'Get profile',
    description: 'The signed-in customer (the same object as GET /auth/me).',
  }),

  updateProfile: updateProfileProcedure({
    method: 'PUT',
    path: '/customer/profile',
    tags,
    summary: 'Update customer profile',
    description:
      'Changes name, phone, date of birth or gender; omitted fields stay as they are (the same operation as PUT /auth/profile).',
  }),

  requestPhoneCode: customerProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/customer/phone/request-code',
        tags,
        summary: 'Send a code to verify a phone',
        description:
          'Sends a 6-digit code valid 10 minutes to `phone`, to prove it is the customer’s (then POST /customer/phone/verify). Limits as POST /auth/otp/request.',
      },
      errors: ['RATE_LIMITED'],
    })
    .input(ZPhoneCodeInput)
    .output(ZNullEnvelope)
    .mutation(async ({ ctx, input }) =>
      ok(
        null,
        await ctx.services.auth.signIn.requestPhoneCode(
          ctx.session.user.id,
          input.phone,
          ctx.request,
        ),
      ),
    ),

  verifyPhone: customerProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/customer/phone/verify',
        tags,
        summary: 'Verify a phone',
        description:
          'With the code from POST /customer/phone/request-code: the phone becomes the profile’s, verified, and signs in by SMS from now on. A wrong, used or expired code answers 422 INVALID_OTP; a phone verified on another account 422 errors.phone.',
      },
      errors: ['INVALID_OTP', 'RATE_LIMITED'],
    })
    .input(ZPhoneVerifyInput)
    .output(ZPhoneVerifiedOutput)
    .mutation(async ({ ctx, input }) =>
      ok(
        {
          phone: await ctx.services.auth.signIn.verifyPhone(
            ctx.session.user.id,
            input,
            ctx.request,
          ),
        },
        'Phone verified.',
      ),
    ),
});
