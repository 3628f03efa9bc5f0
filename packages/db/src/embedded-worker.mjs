// The embedded database's thread: PGlite and a PostgreSQL wire-protocol server on a Unix
// socket (@electric-sql/pglite-socket), so the API's event loop never runs a query itself.
// Plain JavaScript: a worker thread loads this file as it is, under tsx, vitest and the
// production bundle alike (apps/api/tsup.config.ts copies it next to dist/main.js).
// See docs/performance.md ("The embedded database in its own thread").
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

/** @type {{ dataDir: string, socketPath: string, maxConnections: number, statsPort: import('node:worker_threads').MessagePort }} */
const { dataDir, socketPath, maxConnections, statsPort } = workerData;

/**
 * PGlite's PostgreSQL defaults to 128 MB of shared buffers, all of it inside the WebAssembly
 * heap, which never shrinks: the demo database is 13 MB and its files sit in the OS page cache
 * anyway, so 16 MB serves it (the embedded run's peak RSS, docs/performance.md).
 */
const MEMORY_SETTINGS = ['-c', 'shared_buffers=16MB'];

/** @type {PGlite | undefined} */
let database;
/** @type {PGLiteSocketServer | undefined} */
let server;

/**
 * Below the API's thread in the scheduler's eyes: when both want the CPU, requests that need
 * no query (health checks, 304s, answers already cached) are served first. Linux only (a
 * thread's id comes from /proc/thread-self and setpriority applies to one thread there);
 * elsewhere the thread keeps the process' priority.
 */
function lowerThreadPriority() {
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(threadId)) setPriority(threadId, 10);
  } catch {
    // No /proc (macOS, Windows) or not allowed: run at the process' priority.
  }
}

async function start() {
  lowerThreadPriority();
  database = await PGlite.create({
    dataDir,
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, ...MEMORY_SETTINGS],
  });
  // The server multiplexes its connections onto PGlite's one session and keeps a transaction's
  // statements together: another connection's query waits until that transaction ends.
  server = new PGLiteSocketServer({ db: database, path: socketPath, maxConnections });
  await server.start();
}

async function stop() {
  await server?.stop();
  // Closing flushes PGlite's pages to the data directory.
  if (database && !database.closed) await database.close();
}

const port = parentPort;
if (!port) throw new Error('embedded-worker.mjs runs only as a worker thread');

port.on('message', (message) => {
  if (message !== 'stop') return;
  stop().then(
    () => port.postMessage({ stopped: true }),
    (error) => port.postMessage({ stopped: true, error }),
  );
});

// Metrics (apps/api): each request names an id, the answer is the queries waiting for PGlite.
statsPort.on('message', (id) => {
  statsPort.postMessage({ id, queuedQueries: server?.getStats().queuedQueries ?? 0 });
});
statsPort.unref();

start().then(
  () => port.postMessage({ ready: true }),
  (error) => port.postMessage({ ready: false, error }),
);
