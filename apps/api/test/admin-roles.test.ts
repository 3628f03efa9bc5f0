import { staffInvites, staffRoles, users } from '@storefront/db/schema';
import { PERMISSIONS } from '@storefront/routers';
import { appRouter } from '@storefront/routers/root';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { adminClient, registerAdmin, trpcFailure, useAdminApp } from './harness';

/*
 * Roles and permissions (issue 41, docs/admin-panel.md "Roles"): every admin procedure declares
 * its permission, a role without it gets 403 naming the missing one, roles are editable rows and
 * the shop never has zero active Owners.
 */

const app = useAdminApp();
const template = inject('testDatabase');

/** Every procedure of the router with its dotted path. */
function procedures(): Array<{ path: string; permission: unknown }> {
  const all = appRouter._def.procedures as unknown as Record<
    string,
    { _def: { meta?: { permission?: unknown } } }
  >;
  return Object.entries(all).map(([path, procedure]) => ({
    path,
    permission: procedure._def.meta?.permission,
  }));
}

const roleId = async (preset: string) => {
  const [row] = await app.t.db
    .select({ id: staffRoles.id })
    .from(staffRoles)
    .where(sql`${staffRoles.preset} = ${preset}`);
  if (!row) throw new Error(`no ${preset} role`);
  return row.id;
};

async function signedIn(preset: Parameters<typeof registerAdmin>[1]) {
  const admin = await registerAdmin(app.t, preset);
  return { ...admin, client: adminClient(app.server.baseUrl, admin.token) };
}

describe('every admin procedure declares its permission', () => {
  it('walks the whole router: each admin.* names one of the table (admin.me alone is self)', () => {
    const admin = procedures().filter((p) => p.path.startsWith('admin.'));
    expect(admin.length).toBeGreaterThan(90);
    const undeclared = admin.filter(
      (p) => p.permission !== 'self' && !(PERMISSIONS as readonly unknown[]).includes(p.permission),
    );
    expect(undeclared.map((p) => p.path)).toEqual([]);
    // `self` is for reading one's own account, nothing else.
    expect(admin.filter((p) => p.permission === 'self').map((p) => p.path)).toEqual([
      'admin.me',
      'admin.admins.me',
    ]);
    // Public and customer procedures declare none.
    expect(procedures().filter((p) => !p.path.startsWith('admin.') && p.permission)).toEqual([]);
  });

  it('maps fulfilment, refunds, cancels, settings and reads as the issue says', () => {
    const of = (path: string) => procedures().find((p) => p.path === path)?.permission;
    expect(of('admin.orders.ship')).toBe('orders:fulfil');
    expect(of('admin.orders.refund')).toBe('refunds:issue');
    expect(of('admin.returns.refund')).toBe('refunds:issue');
    expect(of('admin.orders.cancel')).toBe('orders:cancel');
    expect(of('admin.orders.invoices')).toBe('orders:read');
    expect(of('admin.settings.updateTax')).toBe('settings:write');
    expect(of('admin.coupons.create')).toBe('marketing:write');
    expect(of('admin.customers.delete')).toBe('customers:write');
    expect(of('admin.staff.invite')).toBe('staff:manage');
  });
});

describe('a role without the permission', () => {
  it('answers 403 FORBIDDEN naming missing_permission, before the input is even checked', async () => {
    const warehouse = await signedIn('warehouse');
    const refund = await trpcFailure(
      warehouse.client.admin.orders.refund.mutate({ order_id: 999_999, amount: 1, reason: 'x' }),
    );
    expect(refund.data?.httpStatus).toBe(403);
    expect(refund.data?.error_code).toBe('FORBIDDEN');
    expect((refund.data as { missing_permission?: string }).missing_permission).toBe(
      'refunds:issue',
    );
    const invalid = await trpcFailure(warehouse.client.admin.staff.invite.mutate({} as never));
    expect(invalid.data?.httpStatus).toBe(403);
    expect((invalid.data as { missing_permission?: string }).missing_permission).toBe(
      'staff:manage',
    );
    // What the role holds works.
    expect((await warehouse.client.admin.orders.list.query({})).success).toBe(true);
  });

  it('admin.me tells the panel who is signed in and what they may do', async () => {
    const support = await signedIn('support');
    const me = (await support.client.admin.me.query()).data;
    expect(me).toMatchObject({
      id: support.user.id,
      email: support.email,
      role: { name: 'Support', refund_limit: 2000 },
    });
    expect([...me.permissions].sort()).toEqual(
      ['customers:read', 'orders:cancel', 'orders:read', 'refunds:issue', 'returns:manage'].sort(),
    );
    const owner = (await app.admin.admin.me.query()).data;
    expect(owner.role).toMatchObject({ name: 'Owner', refund_limit: null });
    expect(owner.permissions).toEqual([...PERMISSIONS]);
  });

  it('a customer still gets 403 without a permission named', async () => {
    const failure = await trpcFailure(app.customer.admin.me.query());
    expect(failure.data?.httpStatus).toBe(403);
    expect((failure.data as { missing_permission?: string }).missing_permission).toBeUndefined();
  });
});

describe('admin.roles', () => {
  it('lists the presets, creates, updates and deletes a role', async () => {
    const listed = (await app.admin.admin.roles.list.query()).data;
    expect(listed.map((r) => r.name)).toEqual(
      expect.arrayContaining([
        'Owner',
        'Manager',
        'Support',
        'Warehouse',
        'Catalogue',
        'Marketing',
        'Accountant',
      ]),
    );
    expect(listed.find((r) => r.name === 'Manager')?.permissions).not.toContain('staff:manage');
    const created = await app.admin.admin.roles.create.mutate({
      name: 'Packer',
      permissions: ['orders:read', 'orders:fulfil'],
      refund_limit: 12.5,
    });
    expect(created.data).toMatchObject({ name: 'Packer', refund_limit: 12.5, members: 0 });
    const updated = await app.admin.admin.roles.update.mutate({
      id: created.data.id,
      refund_limit: null,
      permissions: ['orders:read'],
    });
    expect(updated.data).toMatchObject({ refund_limit: null, permissions: ['orders:read'] });
    await app.admin.admin.roles.delete.mutate({ id: created.data.id });
    const [gone] = await app.t.db
      .select()
      .from(staffRoles)
      .where(eq(staffRoles.id, created.data.id));
    expect(gone).toBeUndefined();
  });

  it('an unknown permission → 400 naming it; nothing written', async () => {
    const failure = await trpcFailure(
      app.admin.admin.roles.create.mutate({
        name: 'Typo',
        permissions: ['orders:read', 'orders:delete'],
        refund_limit: null,
      }),
    );
    expect(failure.data?.httpStatus).toBe(400);
    expect(failure.data?.error_code).toBe('UNKNOWN_PERMISSION');
    expect(failure.message).toContain('orders:delete');
    const rows = await app.t.db.select().from(staffRoles).where(eq(staffRoles.name, 'Typo'));
    expect(rows).toEqual([]);
  });

  it('a role in use → 409 ROLE_IN_USE; the Owner role keeps every permission', async () => {
    await signedIn('catalogue');
    const inUse = await trpcFailure(
      app.admin.admin.roles.delete.mutate({ id: await roleId('catalogue') }),
    );
    expect(inUse.data?.httpStatus).toBe(409);
    expect(inUse.data?.error_code).toBe('ROLE_IN_USE');
    const owner = await trpcFailure(
      app.admin.admin.roles.update.mutate({ id: await roleId('owner'), permissions: [] }),
    );
    expect(owner.data?.httpStatus).toBe(422);
  });
});

describe('admin.staff', () => {
  it('invites by e-mail; the link sets the password once; the person signs in with the role', async () => {
    const email = `packer-${Date.now()}@example.com`;
    const invited = await app.admin.admin.staff.invite.mutate({
      email,
      name: 'Pat Packer',
      role_id: await roleId('warehouse'),
    });
    expect(invited.data).toMatchObject({ email, invited: true, role: { name: 'Warehouse' } });
    const mail = await app.t.mailTo(email);
    const link = /href="([^"]*\/admin\/accept-invite\?token=[^"]+)"/.exec(mail.html)?.[1];
    expect(link).toBeDefined();
    const token = new URL((link ?? '').replaceAll('&amp;', '&')).searchParams.get('token') ?? '';
    // Only the token's hash is stored.
    const [stored] = await app.t.db
      .select()
      .from(staffInvites)
      .where(eq(staffInvites.userId, invited.data.id));
    expect(stored?.tokenHash).not.toBe(token);
    expect(stored && stored.expiresAt.getTime() - stored.createdAt.getTime()).toBeGreaterThan(
      71 * 3600_000,
    );

    const accepted = await app.customer.staff.acceptInvite.mutate({
      token,
      password: 'packer-pass-1',
    });
    expect(accepted.success).toBe(true);
    const again = await trpcFailure(
      app.customer.staff.acceptInvite.mutate({ token, password: 'packer-pass-2' }),
    );
    expect(again.data?.httpStatus).toBe(400);
    expect(again.data?.error_code).toBe('INVALID_TOKEN');
    const unknown = await trpcFailure(
      app.customer.staff.acceptInvite.mutate({ token: 'nope', password: 'packer-pass-2' }),
    );
    expect(unknown.data?.error_code).toBe('INVALID_TOKEN');

    const login = await app.t.request('POST', '/auth/login', {
      body: { email, password: 'packer-pass-1' },
    });
    expect(login.status).toBe(200);
    const packer = adminClient(app.server.baseUrl, login.body.data.token);
    expect((await packer.admin.me.query()).data.role?.name).toBe('Warehouse');
    const listed = (await app.admin.admin.staff.list.query()).data.find((s) => s.email === email);
    expect(listed).toMatchObject({ invited: false, blocked_at: null });
  });

  it('an expired invitation → 400 INVALID_TOKEN', async () => {
    const email = `late-${Date.now()}@example.com`;
    const invited = await app.admin.admin.staff.invite.mutate({
      email,
      name: 'Late',
      role_id: await roleId('support'),
    });
    const mail = await app.t.mailTo(email);
    const token = /accept-invite\?token=([^"&]+)/.exec(mail.html)?.[1] ?? '';
    await app.t.db
      .update(staffInvites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffInvites.userId, invited.data.id));
    const failure = await trpcFailure(
      app.customer.staff.acceptInvite.mutate({ token, password: 'late-pass-12' }),
    );
    expect(failure.data?.error_code).toBe('INVALID_TOKEN');
  });

  it('setRole and disable never leave zero active Owners', async () => {
    await app.t.db
      .update(users)
      .set({ blockedAt: new Date() })
      .where(and(eq(users.role, 'admin'), isNull(users.blockedAt)));
    const owner = await signedIn('owner');
    const manager = await signedIn('manager');
    const demote = await trpcFailure(
      owner.client.admin.staff.setRole.mutate({
        user_id: owner.user.id,
        role_id: await roleId('manager'),
      }),
    );
    expect(demote.data?.httpStatus).toBe(422);
    expect(demote.message).toContain('last active Owner');
    const disable = await trpcFailure(
      owner.client.admin.staff.disable.mutate({ user_id: owner.user.id }),
    );
    expect(disable.data?.httpStatus).toBe(422);
    // A second Owner first: then the first may step down.
    await owner.client.admin.staff.setRole.mutate({
      user_id: manager.user.id,
      role_id: await roleId('owner'),
    });
    const stepped = await owner.client.admin.staff.setRole.mutate({
      user_id: owner.user.id,
      role_id: await roleId('manager'),
    });
    expect(stepped.data.role?.name).toBe('Manager');
    // …and now lacks staff:manage.
    const denied = await trpcFailure(owner.client.admin.staff.list.query());
    expect((denied.data as { missing_permission?: string }).missing_permission).toBe(
      'staff:manage',
    );
    const disabled = await manager.client.admin.staff.disable.mutate({ user_id: owner.user.id });
    expect(disabled.data.blocked_at).not.toBeNull();
  });
});

describe.skipIf(template.kind !== 'postgres')('two Owners demoting each other at once', () => {
  it('exactly one succeeds and one active Owner remains, every round', async () => {
    const managerRole = await roleId('manager');
    for (let round = 0; round < 8; round++) {
      await app.t.db
        .update(users)
        .set({ blockedAt: new Date() })
        .where(and(eq(users.role, 'admin'), isNull(users.blockedAt)));
      const [first, second] = [await signedIn('owner'), await signedIn('owner')];
      const outcomes = await Promise.allSettled([
        first.client.admin.staff.setRole.mutate({ user_id: second.user.id, role_id: managerRole }),
        second.client.admin.staff.disable.mutate({ user_id: first.user.id }),
      ]);
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      const owners = await app.t.db
        .select({ id: users.id })
        .from(users)
        .innerJoin(staffRoles, eq(staffRoles.id, users.staffRoleId))
        .where(
          and(
            isNull(users.blockedAt),
            eq(users.role, 'admin'),
            sql`${staffRoles.preset} = 'owner'`,
          ),
        );
      expect(owners).toHaveLength(1);
    }
  });
});
