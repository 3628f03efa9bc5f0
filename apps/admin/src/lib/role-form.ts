import type { Permission } from './permissions';

/*
 * The Roles page's form values ↔ admin.roles.create/update inputs (docs/admin-panel.md "Staff
 * and roles"). The refund limit is typed as text: empty means unlimited (null on the server).
 */

export interface RoleFormValues {
  name: string;
  permissions: Permission[];
  refundLimit: string;
}

export interface RoleInput {
  name: string;
  permissions: Permission[];
  refund_limit: number | null;
}

export function roleFormValues(role?: {
  name: string;
  permissions: readonly Permission[];
  refund_limit: number | null;
}): RoleFormValues {
  return {
    name: role?.name ?? '',
    permissions: [...(role?.permissions ?? [])],
    refundLimit: role?.refund_limit === null || !role ? '' : String(role.refund_limit),
  };
}

/**
 * The procedure's input; a limit that is not a number is sent as NaN so the server's own 422
 * names the field (the panel does not keep a second copy of its rules).
 */
export function roleInput(values: RoleFormValues): RoleInput {
  const limit = values.refundLimit.trim();
  return {
    name: values.name,
    permissions: values.permissions,
    refund_limit: limit === '' ? null : Number(limit),
  };
}

/** The permissions with `permission` added or taken out. */
export function toggled(list: readonly Permission[], permission: Permission, on: boolean) {
  return on ? [...new Set([...list, permission])] : list.filter((p) => p !== permission);
}
