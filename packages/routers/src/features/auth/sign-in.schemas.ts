import { SOCIAL_PROVIDERS } from '@storefront/db/schema';
import { z } from 'zod';
import { envelope } from '../../envelope';
import { bodyBoolean } from '../../zod-helpers';
import { guestToken, ZTokenResult } from './auth.schemas';

const signInOptions = {
  device_name: z.string().trim().max(255).optional(),
  remember_me: bodyBoolean().optional(),
  guest_token: guestToken(),
};

export const ZGuestOutput = envelope(
  ZTokenResult.extend({ user: z.null() }).meta({ id: 'GuestSessionResult' }),
);

export const ZSocialInput = z.object({
  provider: z.enum(SOCIAL_PROVIDERS),
  id_token: z.string().trim().min(1).max(8192),
  name: z.string().trim().min(1).max(255).optional(),
  ...signInOptions,
});

const phone = () => z.string().trim().min(3).max(32);
export const ZOtpRequestInput = z.object({ phone: phone() });
export const ZOtpVerifyInput = z.object({
  phone: phone(),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, { message: 'Must be the 6-digit code.' }),
  name: z.string().trim().min(1).max(255).optional(),
  ...signInOptions,
});
export const ZPhoneCodeInput = z.object({ phone: phone() });
export const ZPhoneVerifyInput = z.object({
  phone: phone(),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, { message: 'Must be the 6-digit code.' }),
});

/** The login answer (same schema as POST /auth/login). */
export { ZLoginOutput as ZSignInOutput } from './auth.schemas';
export const ZPhoneVerifiedOutput = envelope(
  z.object({ phone: z.string() }).meta({ id: 'VerifiedPhone' }),
);
