import type { Executor } from '@storefront/db/client';
import { type OtpPurpose, otpCodes, users } from '@storefront/db/schema';
import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';

export type OtpRecord = typeof otpCodes.$inferSelect;

/** One-time codes (hash only) and the accounts a verified phone signs in. */
export function createOtpRepository(db: Executor) {
  return {
    async insert(code: {
      phone: string;
      purpose: OtpPurpose;
      userId: number | null;
      expiresAt: Date;
    }): Promise<number> {
      // No code yet: the SMS job mints it when it runs, so the job table never holds one.
      const [row] = await db
        .insert(otpCodes)
        .values({ ...code, codeHash: '' })
        .returning({ id: otpCodes.id });
      if (!row) throw new Error('otp insert returned no row');
      return row.id;
    },

    async find(id: number): Promise<OtpRecord | undefined> {
      const [row] = await db.select().from(otpCodes).where(eq(otpCodes.id, id));
      return row;
    },

    async setCodeHash(id: number, codeHash: string): Promise<boolean> {
      const rows = await db
        .update(otpCodes)
        .set({ codeHash })
        .where(and(eq(otpCodes.id, id), isNull(otpCodes.usedAt)))
        .returning({ id: otpCodes.id });
      return rows.length > 0;
    },

    /** The newest unused code for this phone (and user, for a profile's phone), locked. */
    async lockLatest(
      phone: string,
      purpose: OtpPurpose,
      userId: number | null,
    ): Promise<OtpRecord | undefined> {
      const [row] = await db
        .select()
        .from(otpCodes)
        .where(
          and(
            eq(otpCodes.phone, phone),
            eq(otpCodes.purpose, purpose),
            userId === null ? isNull(otpCodes.userId) : eq(otpCodes.userId, userId),
            isNull(otpCodes.usedAt),
          ),
        )
        .orderBy(desc(otpCodes.createdAt), desc(otpCodes.id))
        .limit(1)
        .for('update');
      return row;
    },

    async countFailure(id: number): Promise<void> {
      await db
        .update(otpCodes)
        .set({ attempts: sql`${otpCodes.attempts} + 1` })
        .where(eq(otpCodes.id, id));
    },

    async markUsed(id: number, now: Date): Promise<void> {
      await db.update(otpCodes).set({ usedAt: now }).where(eq(otpCodes.id, id));
    },

    /** The account whose verified phone this is (never a guest). */
    async userByVerifiedPhone(phone: string) {
      const [row] = await db
        .select({ id: users.id, blockedAt: users.blockedAt })
        .from(users)
        .where(
          and(
            eq(users.phone, phone),
            sql`${users.phoneVerifiedAt} is not null`,
            ne(users.role, 'guest'),
          ),
        );
      return row;
    },

    async insertPhoneUser(user: { name: string; phone: string; now: Date }): Promise<number> {
      const [row] = await db
        .insert(users)
        .values({
          name: user.name,
          email: null,
          phone: user.phone,
          passwordHash: null,
          phoneVerifiedAt: user.now,
        })
        .returning({ id: users.id });
      if (!row) throw new Error('user insert returned no row');
      return row.id;
    },

    /** Proves `phone` for this user: it now signs in (unique among verified phones). */
    async setVerifiedPhone(userId: number, phone: string, now: Date): Promise<void> {
      await db.update(users).set({ phone, phoneVerifiedAt: now }).where(eq(users.id, userId));
    },
  };
}

export type OtpRepository = ReturnType<typeof createOtpRepository>;
