import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { freePort } from './local-server';

const API_DIR = resolve(import.meta.dirname, '../..');

/** Variables of this test process that would point a spawned server at the wrong services. */
const INHERITED_SERVICES = [
  'DATABASE_URL',
  'TEST_DATABASE_URL',
  'REDIS_URL',
  'RESEND_API_KEY',
  'UPLOADTHING_TOKEN',
  'OPENAI_API_KEY',
];

/** Polls until `check` resolves true; only a guard against waiting forever, not a timing check. */
export async function waitFor(
  what: string,
  check: () => Promise<boolean>,
  limitMs = 15_000,
  detail: () => string = () => '',
): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((done) => setTimeout(done, 50));
  }
  throw new Error(`gave up waiting for ${what}\n${detail()}`);
}

/** main.ts through tsx, with `env` on top of a clean environment (no inherited services). */
function spawnServer(env: Record<string, string>): ChildProcess {
  const inherited: NodeJS.ProcessEnv = { ...process.env };
  for (const name of INHERITED_SERVICES) delete inherited[name];
  return spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: API_DIR,
    env: { ...inherited, NODE_ENV: 'development', SEED_DEMO: 'false', LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Starts main.ts expecting it to fail: its exit code and everything it printed. */
export async function runServerToExit(
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const child = spawnServer(env);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const code = await new Promise<number | null>((done) => child.once('exit', done));
  return { code, output };
}

export interface ServerProcess {
  port: number;
  /** `http://127.0.0.1:<port>` */
  url: string;
  process: ChildProcess;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
  /** What the server wrote so far (start-up failures, crashes; log lines per LOG_LEVEL). */
  stderr(): string;
  /** SIGKILL unless it has exited already. */
  kill(): void;
}

/**
 * Starts the API the way `pnpm --filter @storefront/api start:src` does (main.ts through tsx:
 * env.ts, migrations, adapters, graceful shutdown — the same code the production bundle holds)
 * on a free port, with `env` on top of a clean environment, and waits until /health answers.
 */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawnServer({ ...env, PORT: String(port) });
  // Log lines (stdout, when LOG_LEVEL allows) and errors, in order: shown when a start fails.
  let stderr = '';
  const keep = (chunk: Buffer) => {
    stderr += chunk.toString();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const server: ServerProcess = {
    port,
    url: `http://127.0.0.1:${port}`,
    process: child,
    exited,
    stderr: () => stderr,
    kill: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
  try {
    await waitFor(
      `GET /health on port ${port}`,
      async () => {
        if (child.exitCode !== null) throw new Error(`server exited early\n${stderr}`);
        const res = await fetch(`${server.url}/health`).catch(() => undefined);
        return res?.status === 200;
      },
      60_000,
      () => stderr,
    );
  } catch (error) {
    server.kill();
    throw error;
  }
  return server;
}
