import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { openPglite } from '@storefront/db/client';
import { runMigrations } from '@storefront/db/migrate';
import { users } from '@storefront/db/schema';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type ServerProcess, startServer, waitFor } from './support/server-process';

const IN_FLIGHT = 4;

let dataDir: string;
let port: number;
let server: ServerProcess;

const connectionRefused = () =>
  new Promise<boolean>((done) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      done(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => done(error.code === 'ECONNREFUSED'));
  });

interface Response {
  status: number;
  connection: string | undefined;
  body: Record<string, unknown>;
}

/**
 * Starts a request whose headers the server has already taken (it answered 100 Continue) while
 * its body is held back: the request is in flight until `finish()` sends the body.
 */
function heldRequest(path: string, body: unknown, agent: Agent) {
  const payload = JSON.stringify(body);
  const req = request({
    host: '127.0.0.1',
    port,
    path,
    method: 'POST',
    agent,
    headers: {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(payload),
      expect: '100-continue',
    },
  });
  const accepted = new Promise<void>((done, fail) => {
    req.once('continue', () => done());
    req.once('error', fail);
  });
  const response = new Promise<Response>((done, fail) => {
    req.once('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        done({
          status: res.statusCode ?? 0,
          connection: res.headers.connection,
          body: JSON.parse(Buffer.concat(chunks).toString()),
        }),
      );
    });
    req.once('error', fail);
  });
  req.flushHeaders();
  return { accepted, response, finish: () => req.end(payload) };
}

/**
 * Creating a PGlite data dir from scratch takes 3–10 s; restoring the run's migrated dump into
 * it takes well under one. On a PostgreSQL run there is no dump, so it is created (and migrated)
 * here instead. Either way the server starts on an existing, migrated PGlite data dir.
 */
async function prepareDataDir(dir: string) {
  const template = inject('testDatabase');
  const handle = await openPglite({
    dataDir: join(dir, 'pglite'),
    ...(template.kind === 'pglite'
      ? { loadDataDir: new Blob([readFileSync(template.dumpPath)]) }
      : {}),
  });
  await runMigrations(handle);
  await handle.close();
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'sf-shutdown-'));
  await prepareDataDir(dataDir);
  server = await startServer({ DATA_DIR: dataDir });
  port = server.port;
}, 60_000);

afterAll(() => {
  server.kill();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the embedded data directory is locked by the server', () => {
  it('a second process (pnpm admin:create) fails at once with one line and the server keeps serving', async () => {
    const child = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        'src/scripts/admin-create.ts',
        '--email',
        'boss@example.com',
        '--password',
        'long secret 1',
      ],
      {
        cwd: resolve(import.meta.dirname, '..'),
        env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, NODE_ENV: 'development' },
        encoding: 'utf8',
        timeout: 30_000,
      },
    );
    expect(child.status).toBe(1);
    const stderr = child.stderr.trim();
    expect(stderr.split('\n')).toHaveLength(1);
    expect(stderr).toContain(`in use by process ${server.process.pid}`);
    expect(stderr).toContain('DATABASE_URL');
    expect(child.stdout).not.toContain('Created admin');
    const health = await fetch(`http://127.0.0.1:${port}/health`);
    expect(health.status).toBe(200);
  });
});

describe('graceful shutdown of the real server process', () => {
  it('finishes in-flight requests, refuses new connections, exits 0 and leaves PGlite closed cleanly', async () => {
    const account = {
      name: 'Shut Down',
      email: 'shutdown@example.com',
      password: 'graceful exit 1',
      password_confirmation: 'graceful exit 1',
      phone: '+44 20 7946 0001',
      terms_accepted: true,
    };
    const registered = await fetch(`http://127.0.0.1:${port}/api/v1/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(account),
    });
    expect(registered.status).toBe(201);

    // Keep-alive agents: the server must also close connections that would otherwise stay open.
    const agents = Array.from({ length: IN_FLIGHT }, () => new Agent({ keepAlive: true }));
    const held = agents.map((agent, i) =>
      heldRequest(
        '/api/v1/auth/login',
        { email: account.email, password: account.password, device_name: `device ${i}` },
        agent,
      ),
    );
    await Promise.all(held.map((h) => h.accepted));

    server.process.kill('SIGTERM');
    await waitFor('the listening socket to close', connectionRefused);

    for (const h of held) h.finish();
    const responses = await Promise.all(held.map((h) => h.response));
    for (const res of responses) {
      expect(res.status).toBe(200);
      // Keep-alive ends with the response, so the process need not wait for idle timeouts.
      expect(res.connection).toBe('close');
      expect(res.body).toMatchObject({ success: true, data: { token: expect.any(String) } });
    }
    expect(await server.exited).toBe(0);
    expect(await connectionRefused()).toBe(true);
    for (const agent of agents) agent.destroy();

    // The data dir was closed cleanly: it opens again and holds what was written.
    const reopened = await openPglite({ dataDir: join(dataDir, 'pglite') });
    try {
      const rows = await reopened.db.select({ email: users.email }).from(users);
      expect(rows).toEqual([{ email: account.email }]);
    } finally {
      await reopened.close();
    }
  });
});

describe("the embedded server's socket directory after kill -9", () => {
  it('the next start removes the dead process’s directory and keeps a live one’s', async () => {
    const ownDataDir = mkdtempSync(join(tmpdir(), 'sf-socket-dirs-'));
    // TMPDIR for the servers: their socket directories land here, apart from everyone else's.
    const socketParent = mkdtempSync(join(tmpdir(), 'sf-socket-parent-'));
    const sleeper = spawn('sleep', ['300'], { stdio: 'ignore' });
    const live = `storefront-db-${sleeper.pid}-AbC123`;
    mkdirSync(join(socketParent, live), { mode: 0o700 });
    const unrelated = 'storefront-db-Xy12Z9';
    mkdirSync(join(socketParent, unrelated), { mode: 0o700 });
    let second: ServerProcess | undefined;
    try {
      await prepareDataDir(ownDataDir);
      const env = { DATA_DIR: ownDataDir, TMPDIR: socketParent };
      const first = await startServer(env);
      const firstDirs = readdirSync(socketParent).filter((name) =>
        name.startsWith(`storefront-db-${first.process.pid}-`),
      );
      expect(firstDirs).toHaveLength(1);
      first.kill();
      await first.exited;
      // kill -9 runs no clean-up: the directory (and its socket file) stays behind.
      expect(readdirSync(socketParent)).toEqual(expect.arrayContaining(firstDirs));

      second = await startServer(env);
      const left = readdirSync(socketParent);
      expect(left).not.toContain(firstDirs[0]);
      expect(left).toContain(live);
      expect(left).toContain(unrelated);
      expect(
        left.filter((name) => name.startsWith(`storefront-db-${second?.process.pid}-`)),
      ).toHaveLength(1);
      expect((await fetch(`${second.url}/health`)).status).toBe(200);
    } finally {
      second?.kill();
      await second?.exited;
      sleeper.kill('SIGKILL');
      rmSync(ownDataDir, { recursive: true, force: true });
      rmSync(socketParent, { recursive: true, force: true });
    }
  }, 120_000);
});
