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

/**
 * An entry (main.ts: the API; workers.ts: the job workers) through tsx, with `env` on top of a
 * clean environment (no inherited services).
 */
function spawnServer(env: Record<string, string>, entry = 'src/main.ts'): ChildProcess {
  const inherited: NodeJS.ProcessEnv = { ...process.env };
  for (const name of INHERITED_SERVICES) delete inherited[name];
  return spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: API_DIR,
    env: { ...inherited, NODE_ENV: 'development', SEED_DEMO: 'false', LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Starts main.ts (or `entry`) expecting it to fail: its exit code and everything it printed. */
export async function runServerToExit(
  env: Record<string, string>,
  entry?: string,
): Promise<{ code: number | null; output: string }> {
  const child = spawnServer(env, entry);
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

/** A spawned process of the app, its output collected. */
export interface WorkerProcess {
  process: ChildProcess;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
  /** What it wrote so far (log lines at its LOG_LEVEL, errors), in order. */
  output(): string;
  /** SIGKILL unless it has exited already. */
  kill(): void;
}

export interface ServerProcess extends Omit<WorkerProcess, 'output'> {
  port: number;
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** What the server wrote so far (start-up failures, crashes; log lines per LOG_LEVEL). */
  stderr(): string;
}

/**
 * Spawns an entry and waits until `ready` (polled) says it is up; killed when it exits first or
 * never gets there (its output is in the error).
 */
async function startEntry(
  env: Record<string, string>,
  entry: string,
  what: string,
  ready: (started: WorkerProcess) => Promise<boolean>,
): Promise<WorkerProcess> {
  const child = spawnServer(env, entry);
  let output = '';
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const started: WorkerProcess = {
    process: child,
    exited: new Promise((done) => child.once('exit', (code) => done(code))),
    output: () => output,
    kill: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
  try {
    await waitFor(
      what,
      async () => {
        if (child.exitCode !== null) throw new Error(`${entry} exited early\n${output}`);
        return ready(started);
      },
      60_000,
      () => output,
    );
  } catch (error) {
    started.kill();
    throw error;
  }
  return started;
}

/**
 * Starts the API the way `pnpm --filter @storefront/api start:src` does (main.ts through tsx:
 * env.ts, migrations, adapters, graceful shutdown — the same code the production bundle holds)
 * on a free port, with `env` on top of a clean environment, and waits until /health answers.
 */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const { output, ...started } = await startEntry(
    { ...env, PORT: String(port) },
    'src/main.ts',
    `GET /health on port ${port}`,
    async () => (await fetch(`${url}/health`).catch(() => undefined))?.status === 200,
  );
  return { ...started, port, url, stderr: output };
}

/**
 * Starts the job workers' process the way `pnpm start:workers` does (workers.ts through tsx)
 * and waits until its workers run (its start-up log line).
 */
export function startWorkers(env: Record<string, string>): Promise<WorkerProcess> {
  return startEntry(
    { ...env, LOG_LEVEL: 'info' },
    'src/workers.ts',
    'the job workers to run',
    async (started) => started.output().includes('Storefront job workers running'),
  );
}
