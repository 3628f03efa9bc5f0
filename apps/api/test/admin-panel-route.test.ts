import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness';

/** How the API serves the built panel (docs/admin-panel.md), on a stand-in build. */
describe('/admin', () => {
  let built: TestApp;
  let unbuilt: TestApp;
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sf-admin-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
    built = await createTestApp({ adminPanelDir: dir });
    unbuilt = await createTestApp({ adminPanelDir: join(dir, 'missing') });
  });
  afterAll(async () => {
    await built?.close();
    await unbuilt?.close();
  });

  it("answers every panel path with the app's page, revalidated, under a same-origin CSP", async () => {
    for (const path of ['/admin', '/admin/', '/admin/orders/42', '/admin/sign-in']) {
      const res = await supertest(built.app).get(path);
      expect(res.status, path).toBe(200);
      expect(res.text).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
      const csp = res.headers['content-security-policy'];
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self';");
      expect(csp).toContain("connect-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
    }
  });

  it('serves hashed assets for a year, and a missing one as a 404 in the envelope', async () => {
    const asset = await supertest(built.app).get('/admin/assets/index-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await supertest(built.app).get('/admin/assets/gone.js');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ success: false, error_code: 'NOT_FOUND' });
  });

  it('says how to build the panel when it is not built', async () => {
    const res = await supertest(unbuilt.app).get('/admin/');
    expect(res.status).toBe(404);
    expect(res.body.message).toContain('--filter @storefront/admin build');
  });
});
