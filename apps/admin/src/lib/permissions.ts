import { PERMISSIONS as SERVER_PERMISSIONS } from '@storefront/routers/permissions';
import type { Outputs } from './api-types';

/*
 * The back office's permissions as the panel uses them (docs/admin-panel.md "Roles"): the menu
 * shows an entry only when admin.me's permissions hold the one its page's procedures declare,
 * and the Roles page offers them as checkboxes grouped by resource.
 */

export type Me = Outputs['admin']['me']['data'];
export type Permission = Me['permissions'][number];

/**
 * Every permission, the server's own table (a module without imports, so bundling it adds only
 * the list): the panel never keeps a second copy to fall behind.
 */
export const PERMISSIONS: readonly Permission[] = SERVER_PERMISSIONS;

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
