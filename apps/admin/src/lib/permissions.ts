import { allOf, type Outputs } from './api-types';

/*
 * The back office's permissions as the panel uses them (docs/admin-panel.md "Roles"): the menu
 * shows an entry only when admin.me's permissions hold the one its page's procedures declare,
 * and the Roles page offers them as checkboxes grouped by resource.
 */

export type Me = Outputs['admin']['me']['data'];
export type Permission = Me['permissions'][number];

/** Every permission the server has, in its order (a new one fails the typecheck until listed). */
export const PERMISSIONS = allOf<Permission>()([
  'orders:read',
  'orders:fulfil',
  'orders:cancel',
  'refunds:issue',
  'returns:manage',
  'products:read',
  'products:write',
  'customers:read',
  'customers:write',
  'marketing:write',
  'settings:write',
  'staff:manage',
  'audit:read',
  'ai:use',
  'jobs:manage',
]);

/** `orders:read` → `orders`: the part before the colon names what it is about. */
export const resourceOf = (permission: Permission) => permission.split(':')[0] ?? permission;

/** The permissions grouped by resource, in the table's order: one checkbox group each. */
export function permissionsByResource(): Array<{ resource: string; permissions: Permission[] }> {
  const groups = new Map<string, Permission[]>();
  for (const permission of PERMISSIONS) {
    const resource = resourceOf(permission);
    groups.set(resource, [...(groups.get(resource) ?? []), permission]);
  }
  return [...groups].map(([resource, permissions]) => ({ resource, permissions }));
}

/** The entries a staff member may open: those whose permission their role holds. */
export function allowedEntries<E extends { permission: Permission }>(
  entries: readonly E[],
  permissions: readonly Permission[],
): E[] {
  return entries.filter((entry) => permissions.includes(entry.permission));
}
