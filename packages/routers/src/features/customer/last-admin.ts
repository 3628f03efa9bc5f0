import { validationError } from '../../errors';
import type { UserRecord, UsersRepository } from '../auth';

/**
 * Blocks an account inside the caller's transaction, unless it is the last admin who can still
 * sign in (the shop would have no one left to run it). Every path that blocks an admin
 * (admin.admins.disable, admin.customers.setBlocked, on one's own account too) goes through
 * here: the active admins' rows stay locked until the transaction ends, so two admins blocking
 * each other at once cannot both pass the check. Undefined when there is no such account;
 * an account already blocked is returned as it is.
 */
export async function blockKeepingAnAdmin(
  tx: UsersRepository,
  id: number,
  now: Date,
): Promise<UserRecord | undefined> {
  const active = await tx.lockActiveAdminIds();
  const target = await tx.findById(id);
  if (!target || target.blockedAt) return target;
  if (active.includes(id) && active.length <= 1) {
    const message = 'The last active admin cannot be disabled.';
    throw validationError({ id: [message] }, message);
  }
  return tx.setBlockedAt(id, now);
}
