import { isUniqueViolation } from '@storefront/db/errors';
import { AppError, validationError } from '../../errors';
import { amountToCents, centsToAmountOrNull } from '../../money';
import { isPermission, PERMISSIONS, type Permission } from '../../permissions';
import type { Clock, JobEnqueuer } from '../../ports';
import { hashToken } from '../../tokens';
import type { InTransaction } from '../../transactions';
import { toIso, toIsoOrNull } from '../../zod-helpers';
import type {
  PasswordHasher,
  StaffMemberRecord,
  StaffRepository,
  StaffRoleRecord,
  UsersRepository,
} from '../auth';
import { enqueueMail } from '../mail';
import { blockKeepingAnOwner, setRoleKeepingAnOwner } from './last-owner';

/*
 * Roles and staff (issue 41, docs/admin-panel.md "Roles"): what a staff member may do is their
 * role's permissions (the Owner role holds every one, whatever its row lists, so a permission
 * added to the code later is the Owner's at once); the shop never has zero active Owners.
 */

export interface StaffRepositories {
  users: UsersRepository;
  staff: StaffRepository;
  jobs: JobEnqueuer;
}

export interface StaffServiceDeps {
  repos: StaffRepositories;
  inTransaction: InTransaction<StaffRepositories>;
  hasher: PasswordHasher;
  revokeAllSessions: (userId: number) => Promise<void>;
  clock: Clock;
}

/** What a staff member may do: checked by every admin procedure (trpc.ts). */
export interface StaffAccess {
  /** The account's e-mail, which its audit rows keep (docs/admin-panel.md "Audit log"). */
  email: string | null;
  role: StaffRoleRecord | null;
  permissions: Permission[];
  /** Refunds above it wait for an Owner's approval; null: unlimited. */
  refundLimitCents: number | null;
}

const isOwnerRole = (role: Pick<StaffRoleRecord, 'preset'>) => role.preset === 'owner';

const permissionsOf = (role: StaffRoleRecord): Permission[] =>
  isOwnerRole(role) ? [...PERMISSIONS] : PERMISSIONS.filter((p) => role.permissions.includes(p));

const roleRef = (role: StaffRoleRecord) => ({
  id: role.id,
  name: role.name,
  refund_limit: centsToAmountOrNull(role.refundLimitCents),
});

const toRoleDto = (role: StaffRoleRecord & { members?: number }) => ({
  ...roleRef(role),
  preset: role.preset,
  permissions: permissionsOf(role),
  members: role.members ?? 0,
});

const toStaffDto = (member: StaffMemberRecord) => ({
  id: member.id,
  name: member.name,
  email: member.email,
  role: member.role ? roleRef(member.role) : null,
  blocked_at: toIsoOrNull(member.blockedAt),
  invited: !member.hasPassword,
  created_at: toIso(member.createdAt),
});

/** 400 UNKNOWN_PERMISSION naming the first string that is not in the table. */
function checkPermissions(permissions: string[]): Permission[] {
  const unknown = permissions.filter((p) => !isPermission(p));
  if (unknown.length > 0) {
    throw new AppError('UNKNOWN_PERMISSION', `Unknown permission: ${unknown.join(', ')}.`, {
      fieldErrors: { permissions: unknown.map((p) => `Unknown permission: ${p}.`) },
    });
  }
  return [...new Set(permissions as Permission[])];
}

const nameTaken = () => validationError({ name: ['A role with this name already exists.'] });
const noSuchRole = () => validationError({ role_id: ['No role has this id.'] });
const staffNotFound = () => new AppError('NOT_FOUND', 'Staff member not found.');

export function createStaffService(deps: StaffServiceDeps) {
  const { repos, inTransaction, clock } = deps;

  async function member(userId: number) {
    const found = (await repos.staff.listStaff()).find((row) => row.id === userId);
    if (!found) throw staffNotFound();
    return toStaffDto(found);
  }

  async function staffTarget(tx: StaffRepositories, userId: number) {
    const target = await tx.users.findById(userId);
    if (target?.role !== 'admin' || target.deletedAt) throw staffNotFound();
    return target;
  }

  return {
    async access(userId: number): Promise<StaffAccess> {
      const account = await repos.staff.accessOf(userId);
      const role = account?.role;
      const email = account?.email ?? null;
      if (!role) return { email, role: null, permissions: [], refundLimitCents: 0 };
      return {
        email,
        role,
        permissions: permissionsOf(role),
        refundLimitCents: isOwnerRole(role) ? null : role.refundLimitCents,
      };
    },

    async me(userId: number) {
      const user = await repos.users.findById(userId);
      if (!user) throw staffNotFound();
      const access = await this.access(userId);
      return {
        id: user.id,
        email: user.email,
        name: user.name,
        role: access.role ? roleRef(access.role) : null,
        permissions: access.permissions,
      };
    },

    roles: {
      list: async () => (await repos.staff.listRoles()).map(toRoleDto),

      async create(input: { name: string; permissions: string[]; refund_limit: number | null }) {
        const permissions = checkPermissions(input.permissions);
        try {
          const role = await repos.staff.insertRole({
            name: input.name,
            permissions,
            refundLimitCents:
              input.refund_limit === null ? null : amountToCents(input.refund_limit),
          });
          return toRoleDto(role);
        } catch (error) {
          if (isUniqueViolation(error)) throw nameTaken();
          throw error;
        }
      },

      async update(input: {
        id: number;
        name?: string | undefined;
        permissions?: string[] | undefined;
        refund_limit?: number | null | undefined;
      }) {
        const permissions =
          input.permissions === undefined ? undefined : checkPermissions(input.permissions);
        const existing = await repos.staff.findRole(input.id);
        if (!existing) throw new AppError('NOT_FOUND', 'Role not found.');
        if (isOwnerRole(existing) && (permissions !== undefined || input.refund_limit != null)) {
          const message = 'The Owner role always has every permission and no refund limit.';
          throw validationError(
            { [permissions ? 'permissions' : 'refund_limit']: [message] },
            message,
          );
        }
        try {
          const updated = await repos.staff.updateRole(input.id, {
            ...(input.name === undefined ? {} : { name: input.name }),
            ...(permissions === undefined ? {} : { permissions }),
            ...(input.refund_limit === undefined
              ? {}
              : {
                  refundLimitCents:
                    input.refund_limit === null ? null : amountToCents(input.refund_limit),
                }),
          });
          if (!updated) throw new AppError('NOT_FOUND', 'Role not found.');
          const members = (await repos.staff.listRoles()).find((r) => r.id === updated.id)?.members;
          return toRoleDto({ ...updated, members: members ?? 0 });
        } catch (error) {
          if (isUniqueViolation(error)) throw nameTaken();
          throw error;
        }
      },

      async delete(id: number) {
        const outcome = await inTransaction(async (tx) => {
          const role = await tx.staff.findRole(id);
          if (role && isOwnerRole(role)) return 'in_use' as const;
          return tx.staff.deleteUnusedRole(id);
        });
        if (outcome === 'not_found') throw new AppError('NOT_FOUND', 'Role not found.');
        if (outcome === 'in_use') throw new AppError('ROLE_IN_USE');
        return null;
      },
    },

    staff: {
      list: async () => (await repos.staff.listStaff()).map(toStaffDto),

      /** Creates the account without a password and queues the invitation (same transaction). */
      async invite(input: { email: string; name: string; role_id: number }) {
        const created = await inTransaction(async (tx) => {
          if (!(await tx.staff.findRole(input.role_id))) throw noSuchRole();
          try {
            const user = await tx.users.insert({
              name: input.name,
              email: input.email,
              phone: '',
              passwordHash: null,
              role: 'admin',
              staffRoleId: input.role_id,
            });
            await enqueueMail(tx.jobs, { kind: 'staff-invite', userId: user.id });
            return user;
          } catch (error) {
            if (isUniqueViolation(error)) {
              throw validationError({ email: ['This e-mail address is already registered.'] });
            }
            throw error;
          }
        });
        return member(created.id);
      },

      async setRole(input: { user_id: number; role_id: number }) {
        await inTransaction(async (tx) => {
          await staffTarget(tx, input.user_id);
          const role = await tx.staff.findRole(input.role_id);
          if (!role) throw noSuchRole();
          await setRoleKeepingAnOwner(tx.users, input.user_id, {
            id: role.id,
            isOwner: isOwnerRole(role),
          });
        });
        return member(input.user_id);
      },

      /** Blocks the staff member and ends their sessions; 422 for the last active Owner. */
      async disable(userId: number) {
        await inTransaction(async (tx) => {
          await staffTarget(tx, userId);
          await blockKeepingAnOwner(tx.users, userId, clock.now());
        });
        await deps.revokeAllSessions(userId);
        return member(userId);
      },
    },

    /** Sets the invited person's password (staff.acceptInvite); 400 INVALID_TOKEN otherwise. */
    async acceptInvite(input: { token: string; password: string }) {
      const passwordHash = await deps.hasher.hash(input.password);
      await inTransaction(async (tx) => {
        const userId = await tx.staff.consumeInvite(hashToken(input.token), clock.now());
        const user = userId === undefined ? undefined : await tx.users.findById(userId);
        if (user?.role !== 'admin' || user.blockedAt || user.deletedAt) {
          throw new AppError('INVALID_TOKEN');
        }
        await tx.users.setPasswordHash(user.id, passwordHash);
      });
      return null;
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
