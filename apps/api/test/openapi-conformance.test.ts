import { createHash } from 'node:crypto';
import { sessions, users } from '@storefront/db/schema';
import { eq } from 'drizzle-orm';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerCustomer, type TestApp } from './harness';

/*
 * Live answers the OpenAPI document once described wrongly (issue 35). Every `t.request` checks
 * the answer against the served document (openapi-validator.ts): its status, its JSON body and
 * the headers the document declares, so each test here fails when document and server disagree.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('DELETE /auth/account', () => {
  it('with a guest session: 403 ACCOUNT_REQUIRED as documented; the guest keeps its session', async () => {
    const guest = await t.request('POST', '/auth/guest');
    expect(guest.status).toBe(201);
    const token = guest.body.data.token as string;
    const res = await t.request('DELETE', '/auth/account', {
      token,
      body: { password: 'whatever-password' },
    });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ success: false, error_code: 'ACCOUNT_REQUIRED' });
    const sessionId = createHash('sha256').update(token).digest('hex');
    const [row] = await t.db
      .select({ role: users.role, deletedAt: users.deletedAt })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.id, sessionId));
    expect(row).toEqual({ role: 'guest', deletedAt: null });
  });
});

describe('GET /customer/export', () => {
  it('declares its Content-Disposition as a response header, and names every section it holds', async () => {
    const customer = await registerCustomer(t);
    const res = await t.request('GET', '/customer/export', { token: customer.token });
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="account-${customer.user.id}.json"`,
    );
    const doc = (await supertest(t.app).get('/api/v1/openapi.json')).body;
    const documented = doc.paths['/customer/export'].get;
    expect(documented.responses['200'].headers['Content-Disposition']).toMatchObject({
      required: true,
      schema: { type: 'string' },
    });
    // The description names each section of the export, and the export holds no other.
    const sections = Object.keys(res.body.data).filter((key) => key !== 'exported_at');
    expect(sections).toEqual(expect.arrayContaining(['loyalty_ledger', 'gift_cards_received']));
    for (const section of sections) expect(documented.description).toContain(`\`${section}\``);
  });
});
