import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz, updatedAt } from './columns';

export const USER_ROLES = ['customer', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const GENDERS = ['male', 'female', 'other', 'prefer_not_to_say'] as const;
export type Gender = (typeof GENDERS)[number];

export const users = pgTable(
  'users',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    passwordHash: text('password_hash').notNull(),
    avatarUrl: text('avatar_url'),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    gender: text('gender', { enum: GENDERS }),
    role: text('role', { enum: USER_ROLES }).notNull().default('customer'),
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

/** Password reset tokens, stored as SHA-256 only; single use, short-lived. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
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
  },
  (t) => [index('password_reset_tokens_user_id_idx').on(t.userId)],
);

/**
 * E-mail verification tokens, stored as SHA-256 only; single use, valid 24 h. A new one (resend)
 * does not void older ones still valid: whichever link the customer opens works once.
 */
export const emailVerificationTokens = pgTable(
  'email_verification_tokens',
  {
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
  },
  (t) => [index('email_verification_tokens_user_id_idx').on(t.userId)],
);
