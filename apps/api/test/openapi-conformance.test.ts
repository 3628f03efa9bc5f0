import { createHash } from 'node:crypto';
import { sessions, users } from '@storefront/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness';

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
