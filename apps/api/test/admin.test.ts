import supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import { adminClient, registerCustomer, trpcFailure, useAdminApp } from './harness';

const app = useAdminApp();

describe('admin procedures over /trpc', () => {
  it('refuses customers with 403 FORBIDDEN and anonymous callers with 401', async () => {
    const customer = await registerCustomer(app.t);
    const asCustomer = adminClient(app.server.baseUrl, customer.token);
    const forbidden = await trpcFailure(asCustomer.admin.customers.list.query({}));
    expect(forbidden.data?.httpStatus).toBe(403);
    expect(forbidden.data?.error_code).toBe('FORBIDDEN');
    const anonymous = await trpcFailure(
      adminClient(app.server.baseUrl).admin.settings.features.query(),
    );
    expect(anonymous.data?.error_code).toBe('UNAUTHENTICATED');
  });

  it('lists and searches customers with pagination', async () => {
    const target = await registerCustomer(app.t, { name: 'Findable Person' });
    const page = await app.admin.admin.customers.list.query({ search: 'findable', per_page: 5 });
    expect(page.data.map((c) => c.email)).toEqual([target.email]);
    expect(page.meta).toEqual({ current_page: 1, per_page: 5, total: 1, last_page: 1 });
    const all = await app.admin.admin.customers.list.query({ per_page: 1 });
    expect(all.meta.total).toBeGreaterThanOrEqual(2);
    expect(all.data).toHaveLength(1);
  });

  it('blocking a customer stops their tokens at once; unblocking lets them log in again', async () => {
    const customer = await registerCustomer(app.t);
    const blocked = await app.admin.admin.customers.setBlocked.mutate({
      id: customer.user.id,
      blocked: true,
    });
    expect(blocked.data.blocked_at).not.toBeNull();
    expect((await app.t.request('GET', '/auth/me', { token: customer.token })).status).toBe(401);
    const login = await app.t.request('POST', '/auth/login', {
      body: { email: customer.email, password: customer.password },
    });
    expect(login.status).toBe(403);
    await app.admin.admin.customers.setBlocked.mutate({ id: customer.user.id, blocked: false });
    const again = await app.t.request('POST', '/auth/login', {
      body: { email: customer.email, password: customer.password },
    });
    expect(again.status).toBe(200);
  });

  it('switches feature flags, reflected in GET /features', async () => {
    const flags = await app.admin.admin.settings.setFeature.mutate({
      flag: 'wishlist',
      enabled: false,
    });
    expect(flags.data.wishlist).toBe(false);
    expect((await app.t.request('GET', '/features')).body.data.wishlist).toBe(false);
    await app.admin.admin.settings.setFeature.mutate({ flag: 'wishlist', enabled: true });
    expect((await app.t.request('GET', '/features')).body.data.wishlist).toBe(true);
  });

  it('manages AI agent profiles with unique names', async () => {
    const created = await app.admin.admin.aiAgents.create.mutate({
      name: 'Luxury',
      system_prompt: 'Write for a luxury boutique.',
      model: 'gpt-4.1',
    });
    expect(created.data).toMatchObject({ name: 'Luxury', active: true, model: 'gpt-4.1' });
    const duplicate = await trpcFailure(
      app.admin.admin.aiAgents.create.mutate({ name: 'luxury', system_prompt: 'x' }),
    );
    expect(duplicate.data?.error_code).toBe('VALIDATION_ERROR');
    const updated = await app.admin.admin.aiAgents.update.mutate({
      id: created.data.id,
      active: false,
    });
    expect(updated.data.active).toBe(false);
    expect((await app.admin.admin.aiAgents.list.query()).data).toHaveLength(1);
    await app.admin.admin.aiAgents.remove.mutate({ id: created.data.id });
    expect((await app.admin.admin.aiAgents.list.query()).data).toHaveLength(0);
    const missing = await trpcFailure(
      app.admin.admin.aiAgents.remove.mutate({ id: created.data.id }),
    );
    expect(missing.data?.httpStatus).toBe(404);
  });

  it('reads the sync status', async () => {
    const status = await app.admin.admin.sync.status.query();
    expect(status).toHaveProperty('connected');
  });

  it('admin procedures have no REST path', async () => {
    const doc = (await supertest(app.t.app).get('/api/v1/openapi.json')).body;
    expect(JSON.stringify(Object.keys(doc.paths))).not.toContain('admin');
  });
});
