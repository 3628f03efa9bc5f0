import { lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MessageChannel, Worker } from 'node:worker_threads';
import { lockDataDir, processAlive } from './data-dir-lock';

/** The embedded database, served from a worker thread on a private Unix socket. */
export interface EmbeddedServer {
  /**
   * A PostgreSQL URL naming the socket's directory in `host` (libpq's convention): postgres.js
   * (through `socketPathOf`) and node-postgres (pg-boss) both connect with it.
   */
  url: string;
  /** Queries waiting for PGlite's one session (every connection's), for the metrics. */
  queueLength(): Promise<number>;
  stop(): Promise<void>;
}

export interface EmbeddedServerOptions {
  /** PGlite's data directory (created if missing; locked while the server runs). */
  dataDir: string;
  /** Connections the server accepts: the request pool, the job queue's and a migration session. */
  maxConnections: number;
}

type WorkerReply = { ready?: boolean; stopped?: boolean; error?: unknown };

/** The next message from the worker, or its failure (an error it threw, or its exit). */
function reply(worker: Worker): Promise<WorkerReply> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: WorkerReply) => {
      worker.off('error', reject).off('exit', onExit);
      resolve(message);
    };
    const onExit = (code: number) => {
      worker.off('message', onMessage).off('error', reject);
      reject(new Error(`the embedded database thread exited (code ${code})`));
    };
    worker.once('message', onMessage).once('error', reject).once('exit', onExit);
  });
}

/**
 * A socket directory is `storefront-db-<pid>-XXXXXX` in the temporary folder: the pid of the
 * process that made it, so a later start can tell its own kind's leftovers from everything else.
 */
const socketDirPrefix = () => `storefront-db-${process.pid}-`;
const SOCKET_DIR = /^storefront-db-(\d+)-[A-Za-z0-9]{6}$/;

/**
 * `kill -9` runs no clean-up, so the server's socket directory stayed behind, one per crash.
 * Removes those directories (named as above, this user's own, not symlinks) whose process is
 * dead; a live process's directory, another user's and any other name are left alone. Best
 * effort: a directory that cannot be read or removed does not stop the start.
 */
function removeStaleSocketDirs(parent: string): void {
  let names: string[];
  try {
    names = readdirSync(parent);
  } catch {
    return;
  }
  const uid = process.getuid?.();
  for (const name of names) {
    const pid = Number(SOCKET_DIR.exec(name)?.[1] ?? 0);
    if (pid <= 0 || processAlive(pid)) continue;
    const path = join(parent, name);
    try {
      const stat = lstatSync(path);
      if (!stat.isDirectory() || (uid !== undefined && stat.uid !== uid)) continue;
      rmSync(path, { recursive: true, force: true });
    } catch {
      // Gone already, or not ours to remove.
    }
  }
}

/**
 * Starts PGlite in a worker thread (embedded-worker.mjs) behind a wire-protocol server on a
 * Unix socket in a fresh 0700 directory: only this user can connect, and the server has no
 * password. On the event loop's thread PGlite stalled every request while a query ran (200
 * concurrent searches held `/health` for 6–10 s); here the API's thread only speaks the
 * protocol, as it does to PostgreSQL (docs/performance.md).
 */
export async function startEmbeddedServer(options: EmbeddedServerOptions): Promise<EmbeddedServer> {
  mkdirSync(options.dataDir, { recursive: true });
  const release = lockDataDir(options.dataDir);
  removeStaleSocketDirs(tmpdir());
  const socketDir = mkdtempSync(join(tmpdir(), socketDirPrefix()));
  const cleanUp = () => {
    rmSync(socketDir, { recursive: true, force: true });
    release();
  };
  // Its own channel: stats answers never mix with the start/stop replies on the worker's port.
  const stats = new MessageChannel();
  const worker = new Worker(new URL('./embedded-worker.mjs', import.meta.url), {
    workerData: {
      dataDir: options.dataDir,
      socketPath: join(socketDir, '.s.PGSQL.5432'),
      maxConnections: options.maxConnections,
      statsPort: stats.port2,
    },
    transferList: [stats.port2],
  });
  stats.port1.unref();
  const started = await reply(worker).catch((error: unknown) => ({ ready: false, error }));
  if (!started.ready) {
    await worker.terminate();
    cleanUp();
    throw started.error instanceof Error
      ? started.error
      : new Error(`the embedded database did not start: ${String(started.error)}`);
  }
  let stopping: Promise<void> | undefined;
  const waiting = new Map<number, (queued: number) => void>();
  let nextId = 0;
  stats.port1.on('message', ({ id, queuedQueries }: { id: number; queuedQueries: number }) => {
    waiting.get(id)?.(queuedQueries);
    waiting.delete(id);
  });
  return {
    url: `postgres://postgres@localhost/postgres?host=${encodeURIComponent(socketDir)}`,
    queueLength() {
      if (stopping) return Promise.resolve(0);
      const id = nextId++;
      return new Promise((resolve) => {
        waiting.set(id, resolve);
        stats.port1.postMessage(id);
      });
    },
    stop() {
      stopping ??= (async () => {
        worker.postMessage('stop');
        const stopped = await reply(worker).catch((error: unknown) => ({ error }));
        await worker.terminate();
        stats.port1.close();
        for (const resolve of waiting.values()) resolve(0);
        cleanUp();
        if (stopped.error) throw stopped.error;
      })();
      return stopping;
    },
  };
}

/** The Unix socket a URL names with `?host=/directory` (libpq's convention), if it does. */
export function socketPathOf(url: string): string | undefined {
  const parsed = new URL(url);
  const host = parsed.searchParams.get('host');
  return host?.startsWith('/') ? join(host, `.s.PGSQL.${parsed.port || '5432'}`) : undefined;
}
