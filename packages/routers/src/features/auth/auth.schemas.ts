import { GENDERS, SOCIAL_PROVIDERS } from '@storefront/db/schema';
import { z } from 'zod';
import { envelope, ZNullEnvelope } from '../../envelope';
import { bodyBoolean, zDateTime } from '../../zod-helpers';

export const ZGender = z.enum(GENDERS);

export const ZUser = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    avatar_url: z.string().nullable(),
    email_verified_at: zDateTime().nullable(),
    date_of_birth: z.iso.date().nullable(),
    gender: ZGender.nullable(),
    created_at: zDateTime(),
  })
  .meta({ id: 'User' });
export type UserDto = z.infer<typeof ZUser>;

/** The login response carries only these five fields (docs/contract.md §4). */
export const ZLoginUser = ZUser.pick({
  id: true,
  name: true,
  email: true,
  phone: true,
  avatar_url: true,
}).meta({ id: 'LoginUser' });

export const ZTokenResult = z
  .object({
    token: z.string(),
    token_type: z.literal('Bearer'),
    expires_in: z.number().int(),
  })
  .meta({ id: 'TokenResult' });

/** A guest session's token (POST /auth/guest): its cart and orders move to the account. */
export const guestToken = () =>
  z.string().trim().min(20).max(200).optional().meta({
    description:
      'The token of a guest session (POST /auth/guest): its cart and orders move to this account and the guest session ends.',
  });

export const email = () => z.email().trim().max(255);
export const newPassword = () => z.string().min(8).max(128);
const PASSWORDS_DIFFER = {
  message: 'The password confirmation does not match.',
  path: ['password_confirmation'],
};
const passwordsMatch = (value: { password: string; password_confirmation: string }) =>
  value.password === value.password_confirmation;

export const ZRegisterInput = z
  .object({
    name: z.string().trim().min(1).max(255),
    email: email(),
    password: newPassword(),
    password_confirmation: z.string().max(128),
    phone: z
      .string()
      .trim()
      .min(3)
      .max(32)
      .regex(/^\+?[0-9 ()-]+$/, {
        message: 'Must be a phone number.',
      }),
    terms_accepted: z.literal(true, { message: 'You must accept the terms and conditions.' }),
    guest_token: guestToken(),
  })
  .refine(passwordsMatch, PASSWORDS_DIFFER);
export type RegisterInput = z.infer<typeof ZRegisterInput>;

export const ZLoginInput = z.object({
  email: email(),
  password: z.string().min(1).max(128),
  device_name: z.string().trim().max(255).optional(),
  remember_me: bodyBoolean().optional(),
  guest_token: guestToken(),
});
export type LoginInput = z.infer<typeof ZLoginInput>;

export const ZProfileInput = z.object({
  name: z.string().trim().min(1).max(255).optional(),
  phone: z
    .string()
    .trim()
    .min(3)
    .max(32)
    .regex(/^\+?[0-9 ()-]+$/, { message: 'Must be a phone number.' })
    .optional(),
  date_of_birth: z.iso.date().nullable().optional(),
  gender: ZGender.nullable().optional(),
});
export type ProfileInput = z.infer<typeof ZProfileInput>;

export const ZChangePasswordInput = z
  .object({
    current_password: z.string().min(1).max(128),
    password: newPassword(),
    password_confirmation: z.string().max(128),
  })
  .refine(passwordsMatch, PASSWORDS_DIFFER);
export type ChangePasswordInput = z.infer<typeof ZChangePasswordInput>;

export const ZForgotPasswordInput = z.object({ email: email() });

export const ZResetPasswordInput = z
  .object({
    email: email(),
    token: z.string().trim().min(1).max(200),
    password: newPassword(),
    password_confirmation: z.string().max(128),
  })
  .refine(passwordsMatch, PASSWORDS_DIFFER);
export type ResetPasswordInput = z.infer<typeof ZResetPasswordInput>;

export const ZVerifyEmailInput = z.object({
  email: email(),
  token: z.string().trim().min(1).max(200),
});

export const ZRegisterOutput = envelope(
  ZTokenResult.extend({ user: ZUser }).meta({ id: 'RegisterResult' }),
);
export const ZLoginOutput = envelope(
  ZTokenResult.extend({ user: ZLoginUser }).meta({ id: 'LoginResult' }),
);
export const ZTokenOutput = envelope(ZTokenResult);
export const ZUserOutput = envelope(ZUser);

/** The profile read (GET /auth/me, GET /customer/profile): the user and how it signs in. */
export const ZProfile = ZUser.extend({
  linked_providers: z
    .array(z.enum(SOCIAL_PROVIDERS))
    .meta({ description: 'Apple / Google accounts that sign in to this account.' }),
  phone_verified_at: zDateTime()
    .nullable()
    .meta({ description: 'When `phone` was proven by a code: it then signs in by SMS.' }),
  has_password: z.boolean().meta({ description: 'Whether e-mail and password sign in.' }),
}).meta({ id: 'Profile' });
export const ZProfileOutput = envelope(ZProfile);
export const ZAvatarOutput = envelope(
  z.object({ avatar_url: z.string() }).meta({ id: 'AvatarResult' }),
);
export { ZNullEnvelope };
