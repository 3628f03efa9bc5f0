import { isUniqueViolation } from '@storefront/db/errors';
import { AppError, validationError } from '../../errors';
import type { Clock } from '../../ports';
import type { InTransaction } from '../../transactions';
import type { PasswordHasher } from '../auth/passwords';
import type { UsersRepository } from '../auth/users.repository';
import { toAdminCustomerDto } from './customer.service';

export interface AdminsServiceDeps {
  users: UsersRepository;
  inTransaction: InTransaction<UsersRepository>;
  hasher: PasswordHasher;
  revokeAllSessions: (userId: number) => Promise<void>;
  clock: Clock;
}

/**
 * The back office's own accounts: list them, invite one with a password, disable one — never
 * the last admin who can still sign in (the shop would have no one left to run it).
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
        const active = await tx.lockActiveAdminIds();
        const target = await tx.findById(id);
        if (target?.role !== 'admin') throw new AppError('NOT_FOUND', 'Admin not found.');
        if (target.blockedAt) return target;
        if (active.length <= 1) {
          throw validationError(
            { id: ['The last active admin cannot be disabled.'] },
            'The last active admin cannot be disabled.',
          );
        }
        return tx.setBlockedAt(id, clock.now());
      });
      if (!disabled) throw new AppError('NOT_FOUND', 'Admin not found.');
      await deps.revokeAllSessions(id);
      return toAdminCustomerDto(disabled);
    },
  };
}

export type AdminsService = ReturnType<typeof createAdminsService>;
