import { auditLog } from '@storefront/db/schema';
import { appRouter } from '@storefront/routers/root';
import { asc, desc, gt, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminClient, linkToken, registerAdmin, trpcFailure } from './harness';
import { adminMutationFixtures } from './support/admin-mutations';
import { openRefundShop } from './support/refund-shop';

/*
 * Issue 41, the audit log (docs/admin-panel.md "Audit log"), on both databases: the test walks
 * the whole admin router and runs every mutation once, each of which must leave exactly one row
 * naming its actor and target; a failed call leaves none; secrets never reach a row.
 */

const shop = await openRefundShop();
const { app } = shop;
// Built once the shop's app is up (its beforeAll runs first).
let fixtures: ReturnType<typeof adminMutationFixtures>;
let actor: Awaited<ReturnType<typeof registerAdmin>>;
let client: ReturnType<typeof adminClient>;
beforeAll(async () => {
  fixtures = adminMutationFixtures(shop);
  actor = await registerAdmin(app.t);
  client = adminClient(app.server.baseUrl, actor.token);
});

type ProcedureDef = { _def: { type: string } };
/** Every admin mutation of the router as it is: the coverage list is never kept by hand. */
const adminMutations = Object.entries(
  appRouter._def.procedures as unknown as Record<string, ProcedureDef>,
)
  .filter(([path, procedure]) => path.startsWith('admin.') && procedure._def.type === 'mutation')
  .map(([path]) => path);

/** Calls a procedure of the typed client by its path (`admin.orders.cancel`). */
function mutate(path: string, input: unknown): Promise<{ data?: unknown }> {
  const procedure = path
    .split('.')
    .reduce<Record<string, unknown>>(
      (node, key) => node[key] as Record<string, unknown>,
      client as unknown as Record<string, unknown>,
    ) as unknown as { mutate: (input: unknown) => Promise<{ data?: unknown }> };
  return procedure.mutate(input);
}

const lastRowId = async () =>
  (await app.t.db.select({ id: auditLog.id }).from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0]
    ?.id ?? 0;
const rowsAfter = (id: number) =>
  app.t.db.select().from(auditLog).where(gt(auditLog.id, id)).orderBy(asc(auditLog.id));

describe('the audit log', () => {
  it('has a fixture for every admin mutation of the router (one added without one fails here)', () => {
    expect(adminMutations.length).toBeGreaterThan(70);
    expect(adminMutations.filter((path) => !fixtures[path])).toEqual([]);
  });

  it('every admin mutation writes exactly one row, with its actor and target', async () => {
    for (const path of adminMutations) {
      const fixture = fixtures[path];
      if (!fixture) continue;
      const { input, target } = await fixture();
      const before = await lastRowId();
      const answer = await mutate(path, input).catch((error: Error) => {
        throw new Error(`${path}(${JSON.stringify(input).slice(0, 200)}): ${error.message}`);
      });
      const rows = await rowsAfter(before);
      expect(rows, path).toHaveLength(1);
      const answered = (answer.data as { id?: unknown } | null)?.id;
      const id = target[1] === 'answer' ? answered : target[1];
      expect(rows[0], path).toMatchObject({
        actorId: actor.user.id,
        actorEmail: actor.email,
        procedure: path.replace(/^admin\./, ''),
        targetType: target[0],
        targetId: id === null || id === undefined ? null : String(id),
      });
      expect(rows[0]?.requestId, path).toBeTruthy();
    }
  }, 600_000);

  it('keeps before and after of each field given, the before from the target as it was', async () => {
    const created = await client.admin.products.create.mutate({
      sku: 'AUDIT-BRASS',
      name: 'Brass Lamp',
      price: 40,
    });
    const before = await lastRowId();
    await client.admin.products.update.mutate({ id: created.data.id, name: 'Bronze Lamp' });
    const [row] = await rowsAfter(before);
    expect(row?.changes).toEqual({ name: ['Brass Lamp', 'Bronze Lamp'] });
    // The product page's History section reads it back.
    const history = await client.admin.audit.list.query({
      target_type: 'product',
      target_id: String(created.data.id),
    });
    expect(history.data.map((entry) => entry.procedure)).toEqual([
      'products.update',
      'products.create',
    ]);
    expect(history.data[0]).toMatchObject({
      actor_id: actor.user.id,
      actor_email: actor.email,
      changes: { name: ['Brass Lamp', 'Bronze Lamp'] },
    });
  });

  it('a failed mutation writes no row (unknown id, invalid input, a conflict)', async () => {
    const before = await lastRowId();
    await trpcFailure(client.admin.orders.cancel.mutate({ id: 999_999, reason: 'x' }));
    await trpcFailure(client.admin.products.create.mutate({ sku: 'X', name: '', price: -1 }));
    const owner = (await client.admin.roles.list.query()).data.find((r) => r.name === 'Owner');
    const inUse = await trpcFailure(client.admin.roles.delete.mutate({ id: owner?.id ?? 0 }));
    expect(inUse.data?.httpStatus).toBe(409);
    expect(await rowsAfter(before)).toEqual([]);
  });

  it('never holds a secret: invite tokens, gift card codes, passwords, coupon codes', async () => {
    const before = await lastRowId();
    const email = `audit-invitee-${Date.now()}@example.com`;
    const roles = (await client.admin.roles.list.query()).data;
    await client.admin.staff.invite.mutate({
      email,
      name: 'Ada',
      role_id: roles.find((r) => r.name === 'Support')?.id ?? 0,
    });
    const token = linkToken(await app.t.mailTo(email));
    const card = (await client.admin.giftCards.issue.mutate({ amount: 15 })).data;
    const password = 'a secret admin password';
    await client.admin.admins.invite.mutate({
      name: 'Grace',
      email: `audit-grace-${Date.now()}@example.com`,
      password,
    });
    await client.admin.coupons.create.mutate({ code: 'AUDITSECRET', type: 'fixed', value: 5 });
    const rows = await rowsAfter(before);
    expect(rows.map((row) => row.procedure)).toEqual([
      'staff.invite',
      'giftCards.issue',
      'admins.invite',
      'coupons.create',
    ]);
    const written = JSON.stringify(rows);
    for (const secret of [token, card.code, password, 'AUDITSECRET']) {
      expect(written).not.toContain(secret);
    }
    expect(rows[2]?.changes.password).toEqual([null, '[redacted]']);
    expect(rows[3]?.changes.code).toEqual([null, '[redacted]']);
  });

  it('admin.audit.list filters by actor, target and time; audit:read is required', async () => {
    const from = new Date(Date.now() - 60_000).toISOString();
    const mine = await client.admin.audit.list.query({
      actor_id: actor.user.id,
      from,
      per_page: 5,
    });
    expect(mine.data.length).toBeGreaterThan(0);
    expect(mine.data.every((entry) => entry.actor_id === actor.user.id)).toBe(true);
    const future = new Date(Date.now() + 60_000).toISOString();
    expect((await client.admin.audit.list.query({ from: future })).data).toEqual([]);
    const warehouse = adminClient(
      app.server.baseUrl,
      (await registerAdmin(app.t, 'warehouse')).token,
    );
    const denied = await trpcFailure(warehouse.admin.audit.list.query({}));
    expect(denied.data?.missing_permission).toBe('audit:read');
  });

  it('the daily job drops rows older than AUDIT_RETENTION_DAYS (365 by default)', async () => {
    const day = 24 * 60 * 60 * 1000;
    const old = new Date(Date.now() - 366 * day);
    const kept = new Date(Date.now() - 364 * day);
    const base = { actorEmail: 'old@example.com', procedure: 'orders.cancel', changes: {} };
    await app.t.db.insert(auditLog).values([
      { ...base, at: old },
      { ...base, at: kept },
    ]);
    await app.t.services.audit.purge();
    const left = await app.t.db
      .select({ at: auditLog.at })
      .from(auditLog)
      .where(sql`${auditLog.actorEmail} = 'old@example.com'`);
    expect(left.map((row) => row.at.getTime())).toEqual([kept.getTime()]);
  });
});
