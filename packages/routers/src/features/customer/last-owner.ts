import { validationError } from '../../errors';
import type { UserRecord, UsersRepository } from '../auth';

/*
 * Never zero active Owners (issue 41; it replaced issue 24's "never zero active admins"): the
 * shop must keep someone who can manage its staff. Every path that blocks an admin or takes the
 * Owner role away (admin.admins.disable, admin.staff.disable, admin.staff.setRole,
 * admin.customers.setBlocked, on one's own account too) goes through here: the active Owners'
 * rows stay locked until the transaction ends, so two Owners blocking or demoting each other at
 * once cannot both pass the check.
 */

const lastOwner = (what: string) => {
  const message = `The last active Owner cannot be ${what}.`;
  return validationError({ id: [message] }, message);
};

/**
 * Blocks an account inside the caller's transaction, unless it is the last active Owner.
 * Undefined when there is no such account; an account already blocked is returned as it is.
 */
export async function blockKeepingAnOwner(
  tx: UsersRepository,
  id: number,
  now: Date,
): Promise<UserRecord | undefined> {
  const active = await tx.lockActiveOwnerIds();
  const target = await tx.findById(id);
  if (!target || target.blockedAt) return target;
  if (active.includes(id) && active.length <= 1) throw lastOwner('disabled');
  return tx.setBlockedAt(id, now);
}

/** Gives an admin another role inside the caller's transaction, unless it demotes the last Owner. */
export async function setRoleKeepingAnOwner(
  tx: UsersRepository,
  id: number,
  role: { id: number; isOwner: boolean },
): Promise<void> {
  const active = await tx.lockActiveOwnerIds();
  if (!role.isOwner && active.includes(id) && active.length <= 1)
    throw lastOwner('given another role');
  await tx.setStaffRole(id, role.id);
}
