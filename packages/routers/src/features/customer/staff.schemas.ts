import { z } from 'zod';
import { envelope } from '../../envelope';
import { PERMISSIONS } from '../../permissions';
import { zAmount, zDateTime, zId } from '../../zod-helpers';
import { email, newPassword } from '../auth';

/*
 * admin.me, admin.roles and admin.staff (issue 41, docs/admin-panel.md "Roles"). Permissions
 * are taken as plain strings so an unknown one answers 400 UNKNOWN_PERMISSION naming it
 * (staff.service.ts) rather than a generic enum error.
 */

const refundLimit = zAmount()
  .nullable()
  .meta({ description: 'Refunds above it wait for an Owner (currency units); null: unlimited' });

export const ZStaffRole = z
  .object({
    id: zId(),
    name: z.string(),
    preset: z.string().nullable(),
    permissions: z.array(z.enum(PERMISSIONS)),
    refund_limit: z.number().nullable(),
    /** Staff members who have it. */
    members: z.number().int(),
  })
  .meta({ id: 'StaffRole' });

const roleName = z.string().trim().min(1).max(100);
const permissionList = z.array(z.string().trim().min(1).max(100)).max(100);

export const ZRoleCreateInput = z.object({
  name: roleName,
  permissions: permissionList,
  refund_limit: refundLimit,
});
export const ZRoleUpdateInput = z.object({
  id: zId(),
  name: roleName.optional(),
  permissions: permissionList.optional(),
  refund_limit: refundLimit.optional(),
});
export const ZRoleOutput = envelope(ZStaffRole);
export const ZRoleListOutput = envelope(z.array(ZStaffRole));

const ZRoleRef = z.object({ id: zId(), name: z.string(), refund_limit: z.number().nullable() });

export const ZStaffMember = z
  .object({
    id: zId(),
    name: z.string(),
    email: z.string().nullable(),
    role: ZRoleRef.nullable(),
    blocked_at: zDateTime().nullable(),
    /** Invited and not yet accepted: the account has no password. */
    invited: z.boolean(),
    created_at: zDateTime(),
  })
  .meta({ id: 'StaffMember' });
export const ZStaffOutput = envelope(ZStaffMember);
export const ZStaffListOutput = envelope(z.array(ZStaffMember));

export const ZStaffInviteInput = z.object({
  email: email(),
  name: z.string().trim().min(1).max(255),
  role_id: zId(),
});
export const ZStaffSetRoleInput = z.object({ user_id: zId(), role_id: zId() });
export const ZStaffDisableInput = z.object({ user_id: zId() });
export const ZAcceptInviteInput = z.object({
  token: z.string().trim().min(1).max(200),
  password: newPassword(),
});

export const ZMe = z
  .object({
    id: zId(),
    email: z.string().nullable(),
    name: z.string(),
    role: ZRoleRef.nullable(),
    permissions: z.array(z.enum(PERMISSIONS)),
  })
  .meta({ id: 'StaffMe' });
export const ZMeOutput = envelope(ZMe);
