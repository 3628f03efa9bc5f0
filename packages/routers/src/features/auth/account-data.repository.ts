import type { Executor } from '@storefront/db/client';
import {
  emailVerificationTokens,
  otpCodes,
  passwordResetTokens,
  sessions,
  userIdentities,
  users,
} from '@storefront/db/schema';
import { and, eq, isNull } from 'drizzle-orm';

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

/** The active admins' ids, locked (the last one is never deleted). */
export async function lockActiveAdminIds(db: Executor): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNull(users.blockedAt), isNull(users.deletedAt)))
    .orderBy(users.id)
    .for('update');
  return rows.map((row) => row.id);
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
