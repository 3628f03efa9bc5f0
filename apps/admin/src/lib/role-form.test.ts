import { describe, expect, it } from 'vitest';
import { allowedEntries, PERMISSIONS, permissionsByResource } from './permissions';
import { roleFormValues, roleInput, toggled } from './role-form';

describe('the Roles form', () => {
  it('an empty refund limit is unlimited (null); a typed one is a number', () => {
    const values = roleFormValues({ name: 'Support', permissions: [], refund_limit: null });
    expect(values.refundLimit).toBe('');
    expect(roleInput(values).refund_limit).toBeNull();
    expect(roleInput({ ...values, refundLimit: ' 2000.50 ' }).refund_limit).toBe(2000.5);
    expect(roleFormValues({ name: 'W', permissions: [], refund_limit: 0 }).refundLimit).toBe('0');
  });

  it('toggles a permission on once and off', () => {
    const on = toggled(toggled(['orders:read'], 'orders:fulfil', true), 'orders:fulfil', true);
    expect(on).toEqual(['orders:read', 'orders:fulfil']);
    expect(toggled(on, 'orders:read', false)).toEqual(['orders:fulfil']);
  });

  it('groups every permission by resource, in the table order', () => {
    const groups = permissionsByResource();
    expect(groups.map((g) => g.resource)).toEqual([
      'orders',
      'refunds',
      'returns',
      'products',
      'customers',
      'marketing',
      'settings',
      'staff',
      'audit',
      'ai',
      'jobs',
    ]);
    expect(groups.flatMap((g) => g.permissions)).toEqual([...PERMISSIONS]);
  });
});

describe('the menu', () => {
  it('keeps only the entries whose permission the role holds', () => {
    const entries = [
      { label: 'Orders', permission: 'orders:read' as const },
      { label: 'Settings', permission: 'settings:write' as const },
      { label: 'Staff', permission: 'staff:manage' as const },
    ];
    expect(allowedEntries(entries, ['orders:read', 'orders:fulfil']).map((e) => e.label)).toEqual([
      'Orders',
    ]);
    expect(allowedEntries(entries, [])).toEqual([]);
  });
});
