/*
 * The back office's permissions, one table (issue 41, docs/admin-panel.md "Roles"): every admin
 * procedure names one of these in its definition (`adminProcedure('orders:read')`), and a staff
 * member's role lists the ones they hold. `resource:action`, exactly as the issue lists them.
 */
export const PERMISSIONS = [
  'orders:read',
  /** Process, ship, complete. */
  'orders:fulfil',
  'orders:cancel',
  'refunds:issue',
  'returns:manage',
  'products:read',
  'products:write',
  'customers:read',
  /** Block, delete. */
  'customers:write',
  /** Coupons, banners, gift cards, notifications. */
  'marketing:write',
  /** Store, tax, delivery, feature flags. */
  'settings:write',
  'staff:manage',
  'audit:read',
  'ai:use',
  'jobs:manage',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

export const isPermission = (value: string): value is Permission =>
  (PERMISSIONS as readonly string[]).includes(value);
