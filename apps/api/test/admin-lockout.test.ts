import { users } from '@storefront/db/schema';
import { createArgon2Hasher, createUsersRepository, provisionAdmin } from '@storefront/routers';
import { and, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { adminClient, registerAdmin, registerCustomer, trpcFailure, useAdminApp } from './harness';

/*
 * The shop always keeps an admin who can sign in (issue 24, item 6): every path that blocks or
 * disables an admin goes through the same locked "not the last one" check.
 */

const app = useAdminApp();
const template = inject('testDatabase');

const activeAdminIds = async () =>
  (
    await app.t.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'admin'), isNull(users.blockedAt)))
  ).map((row) => row.id);

/** Exactly two active admins (every earlier one blocked in the database), signed in. */
async function twoAdmins() {
  await app.t.db.update(users).set({ blockedAt: new Date() }).where(eq(users.role, 'admin'));
  const [first, second] = [await registerAdmin(app.t), await registerAdmin(app.t)];
  return [first, second].map((admin) => ({
    ...admin,
    client: adminClient(app.server.baseUrl, admin.token),
  }));
}

describe('admin.customers.setBlocked keeps an active admin', () => {
  it('the last active Owner cannot block their own account (422, still active)', async () => {
    const [first, second] = await twoAdmins();
    if (!first || !second) throw new Error('two admins expected');
    // Blocking another admin is allowed while one remains…
    const blocked = await first.client.admin.customers.setBlocked.mutate({
      id: second.user.id,
      blocked: true,
    });
    expect(blocked.data.blocked_at).not.toBeNull();
    // …but not the last one, through either path.
    const self = await trpcFailure(
      first.client.admin.customers.setBlocked.mutate({ id: first.user.id, blocked: true }),
    );
    expect(self.data?.httpStatus).toBe(422);
    expect(self.message).toContain('last active Owner');
    const viaDisable = await trpcFailure(
      first.client.admin.admins.disable.mutate({ id: first.user.id }),
    );
    expect(viaDisable.data?.httpStatus).toBe(422);
    expect(await activeAdminIds()).toEqual([first.user.id]);
    expect((await first.client.admin.admins.me.query()).data.blocked_at).toBeNull();
  });

  it('blocking and unblocking customers is unchanged', async () => {
    const [admin] = await twoAdmins();
    if (!admin) throw new Error('an admin expected');
    const customer = await registerCustomer(app.t);
    const blocked = await admin.client.admin.customers.setBlocked.mutate({
      id: customer.user.id,
      blocked: true,
    });
    expect(blocked.data.blocked_at).not.toBeNull();
    const unblocked = await admin.client.admin.customers.setBlocked.mutate({
      id: customer.user.id,
      blocked: false,
    });
    expect(unblocked.data.blocked_at).toBeNull();
  });
});

describe.skipIf(template.kind !== 'postgres')('two admins blocking each other at once', () => {
  it('exactly one succeeds and one active admin remains, every round', async () => {
    for (let round = 0; round < 10; round++) {
      const [first, second] = await twoAdmins();
      if (!first || !second) throw new Error('two admins expected');
      const outcomes = await Promise.allSettled([
        first.client.admin.customers.setBlocked.mutate({ id: second.user.id, blocked: true }),
        second.client.admin.customers.setBlocked.mutate({ id: first.user.id, blocked: true }),
      ]);
      const succeeded = outcomes.filter((outcome) => outcome.status === 'fulfilled');
      expect(succeeded).toHaveLength(1);
      const active = await activeAdminIds();
      expect(active).toHaveLength(1);
      expect([first.user.id, second.user.id]).toContain(active[0]);
    }
  });

  it('the same through admin.admins.disable against customers.setBlocked', async () => {
    for (let round = 0; round < 10; round++) {
      const [first, second] = await twoAdmins();
      if (!first || !second) throw new Error('two admins expected');
      const outcomes = await Promise.allSettled([
        first.client.admin.admins.disable.mutate({ id: second.user.id }),
        second.client.admin.customers.setBlocked.mutate({ id: first.user.id, blocked: true }),
      ]);
      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
      expect(await activeAdminIds()).toHaveLength(1);
    }
  });
});

describe('pnpm admin:create (provisionAdmin)', () => {
  let repo: ReturnType<typeof createUsersRepository>;
  const hasher = createArgon2Hasher({ memoryCost: 256, timeCost: 1 });
  beforeAll(() => {
    repo = createUsersRepository(app.t.db);
  });

  it('unblocks a blocked account it promotes, and says so', async () => {
    const customer = await registerCustomer(app.t);
    await app.t.db
      .update(users)
      .set({ blockedAt: new Date() })
      .where(eq(users.id, customer.user.id));
    const message = await provisionAdmin(
      { users: repo, hasher },
      { email: customer.email, password: 'a new long password', name: 'Boss', phone: '+1 555' },
    );
    expect(message).toContain('unblocked');
    const [row] = await app.t.db.select().from(users).where(eq(users.id, customer.user.id));
    expect(row?.role).toBe('admin');
    expect(row?.blockedAt).toBeNull();
    const login = await app.t.request('POST', '/auth/login', {
      body: { email: customer.email, password: 'a new long password' },
    });
    expect(login.status).toBe(200);
  });

  it('creates a new admin, and promotes an active customer without mentioning unblocking', async () => {
    const email = `fresh-admin-${Date.now()}@example.com`;
    const created = await provisionAdmin(
      { users: repo, hasher },
      { email, password: 'a long password 1', name: 'Fresh', phone: '+1 555' },
    );
    expect(created).toContain('Created admin');
    const customer = await registerCustomer(app.t);
    const promoted = await provisionAdmin(
      { users: repo, hasher },
      { email: customer.email, password: 'a long password 2', name: 'X', phone: '+1 555' },
    );
    expect(promoted).toContain('Promoted');
    expect(promoted).not.toContain('unblocked');
  });
});
