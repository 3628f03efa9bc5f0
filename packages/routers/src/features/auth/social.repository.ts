import type { Executor } from '@storefront/db/client';
import {
  type SocialProvider,
  sessions,
  usedSocialTokens,
  userIdentities,
  users,
} from '@storefront/db/schema';
import { and, eq, isNull, lt, ne, sql } from 'drizzle-orm';

/** Apple/Google accounts linked to users (`user_identities`). */
export function createSocialRepository(db: Executor) {
  return {
    /**
     * Records an ID token as used; false when it was used before (a replay). Expired records
     * are dropped on the way: a token past its `exp` fails verification anyway.
     */
    async useToken(tokenHash: string, expiresAt: Date, now: Date): Promise<boolean> {
      await db.delete(usedSocialTokens).where(lt(usedSocialTokens.expiresAt, now));
      const rows = await db
        .insert(usedSocialTokens)
        .values({ tokenHash, expiresAt })
        .onConflictDoNothing()
        .returning({ tokenHash: usedSocialTokens.tokenHash });
      return rows.length > 0;
    },

    async userOfIdentity(provider: SocialProvider, subject: string): Promise<number | undefined> {
      const [row] = await db
        .select({ userId: userIdentities.userId })
        .from(userIdentities)
        .where(and(eq(userIdentities.provider, provider), eq(userIdentities.subject, subject)));
      return row?.userId;
    },

    /**
     * The account of this e-mail (never a guest), made safe to link: an address nobody proved
     * (someone may have registered it before its owner) loses its password and sessions and is
     * marked verified, since the provider has just proved the owner.
     */
    async userIdByEmail(email: string): Promise<number | undefined> {
      const [row] = await db
        .select({ id: users.id, emailVerifiedAt: users.emailVerifiedAt })
        .from(users)
        .where(and(sql`lower(${users.email}) = lower(${email})`, ne(users.role, 'guest')))
        .for('update');
      if (!row) return undefined;
      if (row.emailVerifiedAt === null) {
        await db
          .update(users)
          .set({ passwordHash: null, emailVerifiedAt: sql`now()` })
          .where(and(eq(users.id, row.id), isNull(users.emailVerifiedAt)));
        await db.delete(sessions).where(eq(sessions.userId, row.id));
      }
      return row.id;
    },

    async insertUser(user: { name: string; email: string }): Promise<number> {
      const [row] = await db
        .insert(users)
        .values({
          name: user.name,
          email: user.email,
          phone: '',
          passwordHash: null,
          emailVerifiedAt: sql`now()`,
        })
        .returning({ id: users.id });
      if (!row) throw new Error('user insert returned no row');
      return row.id;
    },

    async link(
      userId: number,
      identity: { provider: SocialProvider; subject: string; email: string },
    ): Promise<void> {
      await db.insert(userIdentities).values({
        userId,
        provider: identity.provider,
        subject: identity.subject,
        email: identity.email,
      });
    },

    /** How the user can sign in besides its linked providers. */
    async signInFacts(userId: number) {
      const [row] = await db
        .select({
          phoneVerifiedAt: users.phoneVerifiedAt,
          hasPassword: sql<boolean>`${users.passwordHash} is not null`,
        })
        .from(users)
        .where(eq(users.id, userId));
      return row;
    },

    async providersOf(userId: number): Promise<SocialProvider[]> {
      const rows = await db
        .select({ provider: userIdentities.provider })
        .from(userIdentities)
        .where(eq(userIdentities.userId, userId))
        .orderBy(userIdentities.provider);
      return rows.map((row) => row.provider);
    },
  };
}

export type SocialRepository = ReturnType<typeof createSocialRepository>;
