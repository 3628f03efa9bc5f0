import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../src/runtime';
import { type ServerProcess, startServer } from './support/server-process';

const run = promisify(execFile);
const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');

/** The README's five-minute tour, the first shell block after its heading. */
function tourScript(): string {
  const section = readme.slice(readme.indexOf('## A five-minute tour'));
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1];
  if (!block) throw new Error('README has no tour block');
  return block;
}

/**
 * The tour runs as written (bash, curl and node) against a real server started like
 * `pnpm start` on a fresh embedded database with the demo data and the development gateway
 * secret; only the server's address differs.
 */
describe('the README tour', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServer({
      SEED_DEMO: 'true',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'sf-tour-')),
    });
  }, 120_000);
  afterAll(() => server?.kill());

  it('runs from registration to the invoice', async () => {
    const script = tourScript().replace(
      'API=http://localhost:8000/api/v1',
      `API=${server.url}/api/v1`,
    );
    const cwd = mkdtempSync(join(tmpdir(), 'sf-tour-run-'));
    const { stdout } = await run('bash', ['-euo', 'pipefail', '-c', script], { cwd });
    const lines = stdout.trim().split('\n');
    expect(lines[1]).toMatch(/Headphones/i); // the typo search
    expect(stdout).toMatch(/discount \d+(\.\d+)?, total \d/);
    expect(stdout).toMatch(/^SF-\d{4}-\d{6}: pending, pending$/m); // cash on delivery
    expect(stdout).toMatch(/^SF-\d{4}-\d{6} pending\/paid /m); // the card order
    expect(lines.at(-1)).toBe('200 application/pdf');
    expect(statSync(join(cwd, 'invoice.pdf')).size).toBeGreaterThan(1000);
    expect(readFileSync(join(cwd, 'invoice.pdf')).subarray(0, 5).toString()).toBe('%PDF-');
  }, 120_000);

  it('serves the admin panel, and the demo admin of the "Admin panel" section signs in', async () => {
    const section = readme.slice(readme.indexOf('## Admin panel'));
    expect(section).toContain(`${DEMO_ADMIN.email}`);
    expect(section).toContain(`${DEMO_ADMIN.password}`);
    expect(section).toContain('http://localhost:8000/admin');
    const panel = await fetch(`${server.url}/admin/`);
    expect(panel.status).toBe(200);
    expect(await panel.text()).toContain('<div id="root">');
    const login = await fetch(`${server.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password }),
    });
    expect(login.status).toBe(200);
    const { data } = (await login.json()) as { data: { token: string } };
    const me = await fetch(`${server.url}/trpc/admin.admins.me`, {
      headers: { authorization: `Bearer ${data.token}` },
    });
    expect(me.status).toBe(200);
    expect(
      ((await me.json()) as { result: { data: { data: { role: string } } } }).result.data.data.role,
    ).toBe('admin');
  });
});
