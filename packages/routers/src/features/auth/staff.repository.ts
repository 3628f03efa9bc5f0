import type { Executor } from '@storefront/db/client';
import { type StaffRolePreset, staffInvites, staffRoles, users } from '@storefront/db/schema';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';

/*
 * The back office's roles and its staff's accounts (issue 41, docs/admin-panel.md "Roles"):
 * roles are rows (presets included), an admin account points at one, and invitations are
 * single-use tokens stored as SHA-256 only.
 */

export interface StaffRoleRecord {
  id: number;
  name: string;
  preset: StaffRolePreset | null;
  permissions: string[];
  refundLimitCents: number | null;
}

export interface StaffRoleWithMembers extends StaffRoleRecord {
  members: number;
}

export interface StaffMemberRecord {
  id: number;
  name: string;
  email: string | null;
  blockedAt: Date | null;
  /** Null until the invitation is accepted (the account has no password yet). */
  hasPassword: boolean;
  role: StaffRoleRecord | null;
  createdAt: Date;
}

const roleColumns = {
  id: staffRoles.id,
  name: staffRoles.name,
  preset: staffRoles.preset,
  permissions: staffRoles.permissions,
  refundLimitCents: staffRoles.refundLimitCents,
};

export type RoleChanges = Partial<
  Pick<StaffRoleRecord, 'name' | 'permissions' | 'refundLimitCents'>
>;

const isOwnerRole = sql`${staffRoles.preset} = 'owner'`;

export function createStaffRepository(db: Executor) {
  return {
    /**
     * An admin account's e-mail and role (null: none, so no permission) in one read: every admin
     * call needs the role, and every admin mutation the e-mail for its audit row.
     */
    async accessOf(
      userId: number,
    ): Promise<{ email: string | null; role: StaffRoleRecord | null } | undefined> {
      const [row] = await db
        .select({ email: users.email, role: roleColumns })
        .from(users)
        .leftJoin(staffRoles, eq(staffRoles.id, users.staffRoleId))
        .where(eq(users.id, userId));
      return row;
    },

    async listRoles(): Promise<StaffRoleWithMembers[]> {
      return db
        .select({
          ...roleColumns,
          members: sql<number>`(select count(*)::int from ${users} where ${users.staffRoleId} = ${staffRoles.id} and ${users.role} = 'admin')`,
        })
        .from(staffRoles)
        .orderBy(asc(staffRoles.id));
    },

    async findRole(id: number): Promise<StaffRoleRecord | undefined> {
      const [row] = await db.select(roleColumns).from(staffRoles).where(eq(staffRoles.id, id));
      return row;
    },

    async findPresetRole(preset: StaffRolePreset): Promise<StaffRoleRecord | undefined> {
      const [row] = await db
        .select(roleColumns)
        .from(staffRoles)
        .where(eq(staffRoles.preset, preset));
      return row;
    },

    async insertRole(role: Omit<StaffRoleRecord, 'id' | 'preset'>): Promise<StaffRoleRecord> {
      const [row] = await db.insert(staffRoles).values(role).returning(roleColumns);
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    async updateRole(id: number, changes: RoleChanges): Promise<StaffRoleRecord | undefined> {
      if (Object.keys(changes).length === 0) return this.findRole(id);
      const [row] = await db
        .update(staffRoles)
        .set(changes)
        .where(eq(staffRoles.id, id))
        .returning(roleColumns);
      return row;
    },

    /** Deletes the role, locked first; false when an account still has it (or none exists). */
    async deleteUnusedRole(id: number): Promise<'deleted' | 'in_use' | 'not_found'> {
      const [role] = await db
        .select({ id: staffRoles.id })
        .from(staffRoles)
        .where(eq(staffRoles.id, id))
        .for('update');
      if (!role) return 'not_found';
      const members = await db.$count(users, eq(users.staffRoleId, id));
      if (members > 0) return 'in_use';
      await db.delete(staffRoles).where(eq(staffRoles.id, id));
      return 'deleted';
    },

    async listStaff(): Promise<StaffMemberRecord[]> {
      const rows = await db
        .select({
          id: users.id,
          name: users.name,
          email: users.email,
          blockedAt: users.blockedAt,
          hasPassword: sql<boolean>`${users.passwordHash} is not null`,
          createdAt: users.createdAt,
          role: roleColumns,
        })
        .from(users)
        .leftJoin(staffRoles, eq(staffRoles.id, users.staffRoleId))
        .where(and(eq(users.role, 'admin'), isNull(users.deletedAt)))
        .orderBy(asc(users.id));
      return rows.map((row) => ({ ...row, role: row.role?.id == null ? null : row.role }));
    },

    async setStaffRole(userId: number, roleId: number): Promise<void> {
      await db.update(users).set({ staffRoleId: roleId }).where(eq(users.id, userId));
    },

    /**
     * The ids of the Owners who can still sign in, their rows locked until the transaction ends:
     * two Owners demoting or disabling each other at once cannot both pass "not the last one".
     */
    async lockActiveOwnerIds(): Promise<number[]> {
      return lockActiveOwnerIds(db);
    },

    /** Stores the hash of the invitation link mail job `mailJobId` is about to send (see storeLinkToken). */
    async storeInviteToken(token: {
      userId: number;
      mailJobId: string;
      tokenHash: string;
      expiresAt: Date;
    }): Promise<boolean> {
      const stored = await db
        .insert(staffInvites)
        .values(token)
        .onConflictDoUpdate({
          target: staffInvites.mailJobId,
          set: { tokenHash: token.tokenHash, expiresAt: token.expiresAt },
          setWhere: isNull(staffInvites.usedAt),
        })
        .returning({ id: staffInvites.id });
      return stored.length === 1;
    },

    /**
     * Uses an invitation token valid right now (guarded: it works once even when two accepts
     * race). The invited account's id, or undefined for an unknown, used or expired token.
     */
    async consumeInvite(tokenHash: string, now: Date): Promise<number | undefined> {
      const [used] = await db
        .update(staffInvites)
        .set({ usedAt: now })
        .where(
          and(
            eq(staffInvites.tokenHash, tokenHash),
            isNull(staffInvites.usedAt),
            gt(staffInvites.expiresAt, now),
          ),
        )
        .returning({ userId: staffInvites.userId });
      return used?.userId;
    },
  };
}

export type StaffRepository = ReturnType<typeof createStaffRepository>;

/** The active Owners' ids, locked (the last one is never disabled, demoted or deleted). */
export async function lockActiveOwnerIds(db: Executor): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(staffRoles, eq(staffRoles.id, users.staffRoleId))
    .where(
      and(eq(users.role, 'admin'), isNull(users.blockedAt), isNull(users.deletedAt), isOwnerRole),
    )
    .orderBy(users.id)
    .for('update', { of: users });
  return rows.map((row) => row.id);
}
