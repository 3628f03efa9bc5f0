import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz, updatedAt } from './columns';

/** `guest`: a checkout without an account (POST /auth/guest); merged into an account later. */
export const USER_ROLES = ['customer', 'admin', 'guest'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const GENDERS = ['male', 'female', 'other', 'prefer_not_to_say'] as const;
export type Gender = (typeof GENDERS)[number];

/** The preset roles a new shop starts with (editable rows; `owner` always holds every permission). */
export const STAFF_ROLE_PRESETS = [
  'owner',
  'manager',
  'support',
  'warehouse',
  'catalogue',
  'marketing',
  'accountant',
] as const;
export type StaffRolePreset = (typeof STAFF_ROLE_PRESETS)[number];

/**
 * The back office's roles (issue 41, docs/admin-panel.md "Roles"): a name, the permissions it
 * grants (`resource:action` strings, checked against the code's table when written) and the
 * refund limit above which a refund waits for an Owner (null: unlimited).
 */
export const staffRoles = pgTable(
  'staff_roles',
  {
    id: id(),
    name: text('name').notNull(),
    /** The preset this row started as; `owner` marks the Owner role (never zero active Owners). */
    preset: text('preset', { enum: STAFF_ROLE_PRESETS }),
    permissions: jsonb('permissions').$type<string[]>().notNull().default([]),
    refundLimitCents: integer('refund_limit_cents'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('staff_roles_name_lower_key').on(sql`lower(${t.name})`),
    uniqueIndex('staff_roles_preset_key').on(t.preset).where(sql`${t.preset} is not null`),
  ],
);

export const users = pgTable(
  'users',
  {
    id: id(),
    name: text('name').notNull(),
    /** Null for guests and for phone sign-in accounts created without one. */
    email: text('email'),
    phone: text('phone').notNull(),
    /** Null for accounts without a password (guests, Apple/Google, phone sign-in). */
    passwordHash: text('password_hash'),
    /** Set when `phone` was proven with a one-time code: it then allows phone sign-in. */
    phoneVerifiedAt: timestamptz('phone_verified_at'),
    avatarUrl: text('avatar_url'),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    gender: text('gender', { enum: GENDERS }),
    role: text('role', { enum: USER_ROLES }).notNull().default('customer'),
    /** An admin's role (what they may do); null for customers. An admin without one may do nothing. */
    staffRoleId: integer('staff_role_id').references((): AnyPgColumn => staffRoles.id, {
      onDelete: 'restrict',
    }),
    emailVerifiedAt: timestamptz('email_verified_at'),
    blockedAt: timestamptz('blocked_at'),
    /** The customer deleted the account: the row stays (orders point at it), emptied. */
    deletedAt: timestamptz('deleted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // E-mail is unique case-insensitively: the index is on lower(email).
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    // A verified phone signs in one account only.
    uniqueIndex('users_verified_phone_key')
      .on(t.phone)
      .where(sql`${t.phoneVerifiedAt} is not null`),
  ],
);

/**
 * Sessions: `id` is the SHA-256 (hex) of the bearer token; the token itself is never stored.
 * Column names follow what Lucia's drizzle adapter expects (id, user_id, expires_at).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamptz('expires_at').notNull(),
    deviceName: text('device_name'),
    /** Issued with `remember_me`: refresh keeps the longer lifetime. */
    rememberMe: boolean('remember_me').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

/**
 * The columns of a token an e-mailed link carries (password reset, e-mail verification, staff
 * invitation): stored as SHA-256 only, single use, with an expiry.
 */
const linkTokenColumns = () => ({
  id: id(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamptz('expires_at').notNull(),
  usedAt: timestamptz('used_at'),
  /** The mail job that minted and sent it: a retried job replaces its own token. */
  mailJobId: uuid('mail_job_id').unique(),
  createdAt: createdAt(),
});

/** Password reset tokens, stored as SHA-256 only; single use, short-lived. */
export const passwordResetTokens = pgTable('password_reset_tokens', linkTokenColumns(), (t) => [
  index('password_reset_tokens_user_id_idx').on(t.userId),
]);

/**
 * E-mail verification tokens, stored as SHA-256 only; single use, valid 24 h. A new one (resend)
 * does not void older ones still valid: whichever link the customer opens works once.
 */
export const emailVerificationTokens = pgTable(
  'email_verification_tokens',
  linkTokenColumns(),
  (t) => [index('email_verification_tokens_user_id_idx').on(t.userId)],
);

/**
 * Invitations of staff (admin.staff.invite): the account exists without a password until the
 * link's token (stored as SHA-256 only, single use, 72 h) sets one (staff.acceptInvite).
 */
export const staffInvites = pgTable('staff_invites', linkTokenColumns(), (t) => [
  index('staff_invites_user_id_idx').on(t.userId),
]);

export const SOCIAL_PROVIDERS = ['apple', 'google'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

/** An Apple or Google account (`sub`) linked to a user: it signs in that user. */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: SOCIAL_PROVIDERS }).notNull(),
    subject: text('subject').notNull(),
    /** The verified e-mail the provider gave when linked (Apple's relay addresses included). */
    email: text('email'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('user_identities_provider_subject_key').on(t.provider, t.subject),
    index('user_identities_user_idx').on(t.userId),
  ],
);

/**
 * Apple/Google ID tokens already used to sign in (SHA-256 of the token), kept until they expire:
 * a replayed (intercepted, logged) ID token signs in nobody.
 */
export const usedSocialTokens = pgTable(
  'used_social_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [index('used_social_tokens_expires_idx').on(t.expiresAt)],
);

export const OTP_PURPOSES = ['sign-in', 'verify-phone'] as const;
export type OtpPurpose = (typeof OTP_PURPOSES)[number];

/**
 * One-time codes sent by SMS, stored as SHA-256 of phone+code only. `user_id` is set for a
 * profile's phone verification (the code proves that phone for that user only).
 */
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: id(),
    phone: text('phone').notNull(),
    purpose: text('purpose', { enum: OTP_PURPOSES }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('otp_codes_phone_idx').on(t.phone, t.purpose, t.createdAt)],
);
