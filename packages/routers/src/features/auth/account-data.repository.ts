import type { Executor } from '@storefront/db/client';
import {
  emailVerificationTokens,
  otpCodes,
  passwordResetTokens,
  sessions,
  userIdentities,
  users,
} from '@storefront/db/schema';
import { eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';

/*
 * The auth slice's part of erasing an account (the account slice composes the slices' steps,
 * docs/privacy.md) and of a guest's merge (sign-in composes them, guest.service.ts).
 */

/** The name deleted customers are shown under (reviews, the admin panel, kept orders). */
const DELETED_CUSTOMER_NAME = 'Deleted customer';

/** The account, locked until the transaction ends (deletion and exports queue up). */
export async function lockAccount(db: Executor, userId: number) {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).for('update');
  return row;
}

/** Sessions, linked Apple/Google accounts, codes and link tokens of the account. */
export async function eraseCredentials(db: Executor, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
  // A linked Apple or Google account would sign the emptied account in again.
  await db.delete(userIdentities).where(eq(userIdentities.userId, userId));
  await db.delete(otpCodes).where(eq(otpCodes.userId, userId));
  await db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
  await db.delete(emailVerificationTokens).where(eq(emailVerificationTokens.userId, userId));
}

/** Empties the account's row, which kept orders, reviews and redemptions still point at. */
export async function emptyAccountRow(db: Executor, userId: number, now: Date): Promise<void> {
  await db
    .update(users)
    .set({
      name: DELETED_CUSTOMER_NAME,
      // Unique and undeliverable (.invalid is reserved): the address is free to register again.
      email: `deleted-${userId}@deleted.invalid`,
      phone: '',
      // No argon2 hash has this form: no password ever matches it.
      passwordHash: '!deleted',
      avatarUrl: null,
      dateOfBirth: null,
      gender: null,
      emailVerifiedAt: null,
      deletedAt: now,
    })
    .where(eq(users.id, userId));
}

/**
 * The buyer's row, locked until the order's transaction ends, and whether it is deleted.
 * Account deletion locks the same row first (FOR UPDATE), so the two queue up instead of
 * deadlocking on the cart; NO KEY UPDATE leaves rows that merely reference the user
 * (sessions, gateway orders) free to be written meanwhile.
 */
export async function lockBuyer(
  db: Executor,
  userId: number,
): Promise<{ deleted: boolean } | undefined> {
  const [row] = await db
    .select({ deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, userId))
    .for('no key update');
  return row && { deleted: row.deletedAt !== null };
}

/** The ids of the accounts whose e-mail matches an ILIKE pattern (the admin's order search). */
export async function userIdsWithEmailLike(db: Executor, pattern: string): Promise<number[]> {
  const rows = await db.select({ id: users.id }).from(users).where(ilike(users.email, pattern));
  return rows.map((row) => row.id);
}

/** The e-mails of these accounts by id ('' or null when an account has none). */
export async function accountEmails(
  db: Executor,
  userIds: readonly number[],
): Promise<Map<number, string | null>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((row) => [row.id, row.email]));
}

/** One of a user's fields as a subquery of another slice's statement (null once the user is gone). */
const accountFieldOf = (field: typeof users.name | typeof users.email) => (userId: SQL) =>
  sql<string | null>`(select ${field} from ${users} where ${users.id} = ${userId})`;

/** A user's display name inside another slice's statement (reviews show their author's). */
export const accountNameOf = accountFieldOf(users.name);
/** A user's e-mail inside another slice's statement (who asked for a refund awaiting approval). */
export const accountEmailOf = accountFieldOf(users.email);

/** The names of these accounts by id (reviews show their author's). */
export async function accountNames(
  db: Executor,
  userIds: readonly number[],
): Promise<Map<number, string>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((row) => [row.id, row.name]));
}
