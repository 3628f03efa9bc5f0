import { isUniqueViolation } from '@storefront/db/errors';
import { AppError, validationError } from '../../errors';
import type { Clock } from '../../ports';
import type { InTransaction } from '../../transactions';
import type { PasswordHasher, UsersRepository } from '../auth';
import { toAdminCustomerDto } from './customer.service';
import { blockKeepingAnOwner } from './last-owner';

export interface AdminsServiceDeps {
  users: UsersRepository;
  inTransaction: InTransaction<UsersRepository>;
  hasher: PasswordHasher;
  revokeAllSessions: (userId: number) => Promise<void>;
  clock: Clock;
}

/**
 * The back office's own accounts: list them, invite one with a password, disable one — never
 * the last Owner who can still sign in (the shop would have no one left to run it).
 */
export function createAdminsService(deps: AdminsServiceDeps) {
  const { users, clock } = deps;
  return {
    async list() {
      const { rows } = await users.list({ offset: 0, limit: 1000, role: 'admin' });
      return rows.map(toAdminCustomerDto);
    },

    async invite(input: { name: string; email: string; password: string }) {
      const passwordHash = await deps.hasher.hash(input.password);
      try {
        const user = await users.insert({
          name: input.name,
          email: input.email,
          phone: '',
          passwordHash,
          role: 'admin',
          // Every admin could do everything before roles (issue 41): this older way in still
          // makes an Owner; admin.staff.invite chooses the role.
          staffRoleId: await users.ownerRoleId(),
        });
        return toAdminCustomerDto(user);
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw validationError({ email: ['This e-mail address is already registered.'] });
        }
        throw error;
      }
    },

    async disable(id: number) {
      const disabled = await deps.inTransaction(async (tx) => {
        const target = await tx.findById(id);
        if (target?.role !== 'admin') throw new AppError('NOT_FOUND', 'Admin not found.');
        return blockKeepingAnOwner(tx, id, clock.now());
      });
      if (!disabled) throw new AppError('NOT_FOUND', 'Admin not found.');
      await deps.revokeAllSessions(id);
      return toAdminCustomerDto(disabled);
    },
  };
}

export type AdminsService = ReturnType<typeof createAdminsService>;

/**
 * `pnpm admin:create`: creates an Owner (issue 41), or promotes the existing account with this e-mail and
 * sets its password. Resolves to the line the script prints.
 */
export async function provisionAdmin(
  deps: { users: UsersRepository; hasher: PasswordHasher },
  args: { email: string; password: string; name: string; phone: string },
): Promise<string> {
  const { users } = deps;
  const passwordHash = await deps.hasher.hash(args.password);
  const existing = await users.findByEmail(args.email);
  if (existing) {
    await users.setRole(existing.id, 'admin');
    await users.setStaffRole(existing.id, await users.ownerRoleId());
    await users.setPasswordHash(existing.id, passwordHash);
    // The way back in when every admin is blocked: the account must be able to sign in.
    if (existing.blockedAt) {
      await users.setBlockedAt(existing.id, null);
      return `Promoted ${existing.email} (id ${existing.id}) to admin (Owner), set the password and unblocked the account (it was blocked).`;
    }
    return `Promoted ${existing.email} (id ${existing.id}) to admin (Owner) and set the password.`;
  }
  const user = await users.insert({
    name: args.name,
    email: args.email,
    phone: args.phone,
    passwordHash,
    role: 'admin',
    staffRoleId: await users.ownerRoleId(),
  });
  return `Created admin (Owner) ${user.email} (id ${user.id}).`;
}
