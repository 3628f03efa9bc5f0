import type { Executor } from '@storefront/db/client';
import {
  emailVerificationTokens,
  type Gender,
  passwordResetTokens,
  type SocialProvider,
  sessions,
  staffRoles,
  type UserRole,
  userIdentities,
  users,
} from '@storefront/db/schema';
import { qualified } from '@storefront/db/sql';
import { and, desc, eq, gt, ilike, isNull, ne, or, sql } from 'drizzle-orm';
import { containsPattern } from '../../pagination';
import { lockActiveOwnerIds } from './staff.repository';

export interface UserRecord {
  id: number;
  name: string;
  /** Null for guests and phone sign-in accounts without one. */
  email: string | null;
  phone: string;
  /** Null for accounts without a password (guests, Apple/Google, phone sign-in). */
  passwordHash: string | null;
  phoneVerifiedAt: Date | null;
  /** Apple / Google accounts linked to it (user_identities). */
  socialProviders: SocialProvider[];
  avatarUrl: string | null;
  dateOfBirth: string | null;
  gender: Gender | null;
  role: UserRole;
  emailVerifiedAt: Date | null;
  blockedAt: Date | null;
  /** The account was deleted (account slice): the row stays, emptied. */
  deletedAt: Date | null;
  createdAt: Date;
}

const userColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  phone: users.phone,
  passwordHash: users.passwordHash,
  phoneVerifiedAt: users.phoneVerifiedAt,
  socialProviders: sql<
    SocialProvider[]
  >`array(select ${qualified(userIdentities, userIdentities.provider)} from ${userIdentities} where ${qualified(userIdentities, userIdentities.userId)} = ${qualified(users, users.id)} order by 1)`,
  avatarUrl: users.avatarUrl,
  dateOfBirth: users.dateOfBirth,
  gender: users.gender,
  role: users.role,
  emailVerifiedAt: users.emailVerifiedAt,
  blockedAt: users.blockedAt,
  deletedAt: users.deletedAt,
  createdAt: users.createdAt,
};

export interface NewUser {
  name: string;
  email: string;
  phone: string;
  passwordHash: string | null;
  role?: UserRole;
  staffRoleId?: number;
}

export interface ProfileChanges {
  name?: string;
  phone?: string;
  dateOfBirth?: string | null;
  gender?: Gender | null;
}

export function createUsersRepository(db: Executor) {
  return {
    async findById(id: number): Promise<UserRecord | undefined> {
      const [row] = await db.select(userColumns).from(users).where(eq(users.id, id));
      return row;
    },

    async findByEmail(email: string): Promise<UserRecord | undefined> {
      const [row] = await db
        .select(userColumns)
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`);
      return row;
    },

    async insert(user: NewUser): Promise<UserRecord> {
      const [row] = await db.insert(users).values(user).returning(userColumns);
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    async updateProfile(id: number, changes: ProfileChanges): Promise<UserRecord | undefined> {
      if (Object.keys(changes).length === 0) return this.findById(id);
      // A phone typed into the profile is not proven: it no longer signs in (POST
      // /customer/phone/verify proves it again). The same number keeps its proof.
      const phoneProof =
        changes.phone === undefined
          ? {}
          : {
              phoneVerifiedAt: sql`case when ${users.phone} = ${changes.phone} then ${users.phoneVerifiedAt} end`,
            };
      const [row] = await db
        .update(users)
        .set({ ...changes, ...phoneProof })
        .where(eq(users.id, id))
        .returning(userColumns);
      return row;
    },

    /**
     * Points the user at a new avatar and returns the one it replaced (null: none; undefined:
     * no such user). Call it in a transaction: the row stays locked from the read to the
     * commit, so of racing uploads each one replaces a different file and every replaced file
     * is returned exactly once.
     */
    async replaceAvatarUrl(id: number, avatarUrl: string): Promise<string | null | undefined> {
      const [row] = await db
        .select({ avatarUrl: users.avatarUrl })
        .from(users)
        .where(eq(users.id, id))
        .for('update');
      if (!row) return undefined;
      await db.update(users).set({ avatarUrl }).where(eq(users.id, id));
      return row.avatarUrl;
    },

    /** Admin listing: newest first, optional case-insensitive match on name or e-mail. */
    async list(options: {
      offset: number;
      limit: number;
      search?: string | undefined;
      role?: UserRole;
    }) {
      const filters = and(
        // Guests are listed only when asked for: they are checkouts, not customers.
        options.role ? eq(users.role, options.role) : ne(users.role, 'guest'),
        options.search
          ? or(
              ilike(users.email, containsPattern(options.search)),
              ilike(users.name, containsPattern(options.search)),
            )
          : undefined,
      );
      const [rows, total] = await Promise.all([
        db
          .select(userColumns)
          .from(users)
          .where(filters)
          .orderBy(desc(users.id))
          .limit(options.limit)
          .offset(options.offset),
        db.$count(users, filters),
      ]);
      return { rows, total };
    },

    async setBlockedAt(id: number, blockedAt: Date | null): Promise<UserRecord | undefined> {
      const [row] = await db
        .update(users)
        .set({ blockedAt })
        .where(eq(users.id, id))
        .returning(userColumns);
      return row;
    },

    async setRole(id: number, role: UserRole): Promise<void> {
      await db.update(users).set({ role }).where(eq(users.id, id));
    },

    async setPasswordHash(id: number, passwordHash: string): Promise<void> {
      await db.update(users).set({ passwordHash }).where(eq(users.id, id));
    },

    /** Revokes every session of the user, except `keepSessionId` (password change) if given. */
    async deleteSessions(userId: number, keepSessionId?: string): Promise<void> {
      await db
        .delete(sessions)
        .where(
          and(
            eq(sessions.userId, userId),
            keepSessionId === undefined ? undefined : ne(sessions.id, keepSessionId),
          ),
        );
    },

    /**
     * Stores the hash of the token mail job `token.mailJobId` is about to send, replacing the one
     * an earlier attempt of that job stored (never delivered, or its e-mail will not be the one
     * read): one live token per job. False when that earlier token was already used, so the job
     * has nothing left to send.
     */
    async storeLinkToken(
      kind: 'reset' | 'verification',
      token: { userId: number; mailJobId: string; tokenHash: string; expiresAt: Date },
    ): Promise<boolean> {
      const table = kind === 'reset' ? passwordResetTokens : emailVerificationTokens;
      const stored = await db
        .insert(table)
        .values(token)
        .onConflictDoUpdate({
          target: table.mailJobId,
          set: { tokenHash: token.tokenHash, expiresAt: token.expiresAt },
          setWhere: isNull(table.usedAt),
        })
        .returning({ id: table.id });
      const [row] = stored;
      if (!row) return false;
      // A deletion holds the account's row (FOR UPDATE) until it commits, and the insert's
      // foreign key check waits for it: read after the insert, deleted_at is final. A token
      // stored for an account erased meanwhile would outlive it (docs/privacy.md): take it back.
      const [owner] = await db
        .select({ deletedAt: users.deletedAt })
        .from(users)
        .where(eq(users.id, token.userId));
      if (owner?.deletedAt === null) return true;
      await db.delete(table).where(eq(table.id, row.id));
      return false;
    },

    /** The user a valid, unused reset token was issued to for this e-mail (one query). */
    async findResetTokenOwner(
      email: string,
      tokenHash: string,
      now: Date,
    ): Promise<number | undefined> {
      const [row] = await db
        .select({ userId: passwordResetTokens.userId })
        .from(passwordResetTokens)
        .innerJoin(users, eq(users.id, passwordResetTokens.userId))
        .where(
          and(
            sql`lower(${users.email}) = lower(${email})`,
            eq(passwordResetTokens.tokenHash, tokenHash),
            isNull(passwordResetTokens.usedAt),
            gt(passwordResetTokens.expiresAt, now),
          ),
        )
        .limit(1);
      return row?.userId;
    },

    /**
     * Marks a reset token used if it is valid for this user right now. The guarded UPDATE makes
     * the token single-use even when two resets race.
     */
    async consumeResetToken(userId: number, tokenHash: string, now: Date): Promise<boolean> {
      const used = await db
        .update(passwordResetTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(passwordResetTokens.userId, userId),
            eq(passwordResetTokens.tokenHash, tokenHash),
            isNull(passwordResetTokens.usedAt),
            gt(passwordResetTokens.expiresAt, now),
          ),
        )
        .returning({ id: passwordResetTokens.id });
      return used.length === 1;
    },

    /**
     * Uses a verification token issued to this e-mail, if it is valid right now, and marks the
     * user verified; both in one statement each, guarded, so a token works once even when two
     * requests race. The user id, or undefined for a wrong, used or expired token.
     */
    async consumeVerificationToken(
      email: string,
      tokenHash: string,
      now: Date,
    ): Promise<number | undefined> {
      const [used] = await db
        .update(emailVerificationTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(emailVerificationTokens.tokenHash, tokenHash),
            isNull(emailVerificationTokens.usedAt),
            gt(emailVerificationTokens.expiresAt, now),
            sql`${qualified(emailVerificationTokens, emailVerificationTokens.userId)} = (select ${qualified(users, users.id)} from ${users} where lower(${qualified(users, users.email)}) = lower(${email}))`,
          ),
        )
        .returning({ userId: emailVerificationTokens.userId });
      if (!used) return undefined;
      await db
        .update(users)
        .set({ emailVerifiedAt: now })
        .where(and(eq(users.id, used.userId), isNull(users.emailVerifiedAt)));
      return used.userId;
    },

    /**
     * The ids of the Owners who can still sign in, their rows locked until the transaction ends:
     * two Owners disabling each other at once cannot both pass the "not the last one" check.
     */
    lockActiveOwnerIds: () => lockActiveOwnerIds(db),

    /** The Owner role's id (migration 0028 creates it; it cannot be deleted). */
    async ownerRoleId(): Promise<number> {
      const [row] = await db
        .select({ id: staffRoles.id })
        .from(staffRoles)
        .where(eq(staffRoles.preset, 'owner'));
      if (!row) throw new Error('the Owner role is missing (migration 0028)');
      return row.id;
    },

    /** Sets an admin account's role (admin.staff.setRole, admin:create). */
    async setStaffRole(id: number, staffRoleId: number): Promise<void> {
      await db.update(users).set({ staffRoleId }).where(eq(users.id, id));
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
