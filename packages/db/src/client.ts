import { mkdirSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { SpanKind, SpanStatusCode, type Tracer } from '@opentelemetry/api';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { lockDataDir } from './data-dir-lock';
import { socketPathOf, startEmbeddedServer } from './embedded-server';

export { DataDirLockedError } from './data-dir-lock';

import { responseDeadlineSocket } from './response-deadline';
import * as schema from './schema/index';

export type Schema = typeof schema;
type Relations = ExtractTablesWithRelations<Schema>;

/** The one database type every repository works with, whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema, Relations>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, Relations>;
/** Repositories accept either the database or an open transaction. */
export type Executor = Database | Transaction;

export type DatabaseKind = 'postgres' | 'pglite';

export interface DatabaseHandle {
  kind: DatabaseKind;
  db: Database;
  /** Cheap round trip used by `/ready`. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** Present for PGlite: the underlying instance (migrations and test snapshots need it). */
  pglite?: PGlite;
  /** Present for PostgreSQL: the postgres.js client. */
  sql?: postgres.Sql;
  /** Present for PostgreSQL: the connection URL (migrations open a session of their own). */
  url?: string;
  /** The request pool's connections by state (postgres.js, patched), for the metrics. */
  poolStats?: () => PoolStats;
  /** The embedded server: queries waiting for PGlite's one session, for the metrics. */
  embeddedQueueLength?: () => Promise<number>;
}

export type PoolStats = ReturnType<postgres.Sql['poolStats']>;

export interface PostgresOptions {
  url: string;
  /** Connections per process; 2 cores serve best with a small pool. */
  maxConnections?: number;
  /** Seconds to wait for a connection before failing (keeps a dead database from hanging requests). */
  connectTimeoutSeconds?: number;
  /**
   * Named prepared statements for drizzle's queries (default true). Drizzle sends its queries
   * unprepared unless `.prepare()` is called, so PostgreSQL parsed and planned the product list
   * on every request (planning alone ~1.7 ms, more than executing it). postgres.js keeps one
   * statement per distinct query text and connection. Turn off behind a pooler that cannot
   * keep named statements (PgBouncer in transaction mode).
   */
  preparedStatements?: boolean;
  /**
   * Longest wait (ms) for PostgreSQL's answer to a query (default 10 s): the server cancels a
   * statement running longer (statement_timeout) and the client drops a connection that stays
   * silent longer (see response-deadline.ts), so a dead or partitioned database fails requests
   * with 503 instead of hanging them. 0: unbounded, for bulk work (seeding, vacuum) in scripts.
   */
  queryTimeoutMs?: number;
  /** A span per SQL statement (tracing on: OTEL_EXPORTER_OTLP_ENDPOINT); none by default. */
  tracer?: Tracer | undefined;
}

/**
 * Seconds before a pool slot retries a failed connection. postgres.js' default grows to 20 s
 * during an outage, and queries queued behind the slot waited that long: a request hung for
 * up to 20 s before its 503, and the first requests after the database came back did too.
 * Capped at 1 s (jittered): at most one attempt per slot per second.
 */
export function reconnectDelaySeconds(failedAttempts: number): number {
  return (0.5 + Math.random() / 2) * Math.min(0.05 * 2 ** failedAttempts, 1);
}

/** A transaction left open by a client that vanished releases its locks after this. */
const IDLE_IN_TRANSACTION_TIMEOUT_MS = 60_000;

type Unsafe = postgres.Sql['unsafe'];

/**
 * The client drizzle sees: the same postgres.js client with `unsafe()` (drizzle's only way in)
 * replaced by `replace(unsafe)`, inside transactions too: `begin` and `savepoint` hand their
 * callback a transaction wrapped the same way.
 */
function withUnsafe<T extends postgres.Sql | postgres.TransactionSql>(
  sql: T,
  replace: (unsafe: Unsafe) => Unsafe,
): T {
  const unsafe = replace(sql.unsafe.bind(sql) as Unsafe);
  type Callback = (tx: postgres.TransactionSql) => unknown;
  const withWrappedTx =
    (open: (...args: unknown[]) => unknown) =>
    (...args: unknown[]) => {
      const callback = args.pop() as Callback;
      return open(...args, (tx: postgres.TransactionSql) => callback(withUnsafe(tx, replace)));
    };
  return new Proxy(sql, {
    get: (target, property, receiver) => {
      if (property === 'unsafe') return unsafe;
      const value = Reflect.get(target, property, receiver);
      return (property === 'begin' || property === 'savepoint') && typeof value === 'function'
        ? withWrappedTx(value.bind(target))
        : value;
    },
  });
}

/**
 * Every query as a prepared statement. Unprepared, PostgreSQL parsed and planned each of
 * place-order's statements on every order.
 */
const preparing =
  (unsafe: Unsafe): Unsafe =>
  (query, parameters?, queryOptions?) =>
    unsafe(query, parameters, { ...queryOptions, prepare: true });

/**
 * A span per SQL statement (child of whatever span is active: the procedure's), ended when the
 * statement's answer arrives. Hooked here rather than per repository call: one place sees every
 * statement of every repository and transaction, and it is only installed when tracing is on.
 */
const tracing =
  (tracer: Tracer) =>
  (unsafe: Unsafe): Unsafe =>
    ((query: string, parameters?: Parameters<Unsafe>[1], queryOptions?: Parameters<Unsafe>[2]) => {
      const operation = /^\s*(\w+)/.exec(query)?.[1]?.toUpperCase() ?? 'QUERY';
      const span = tracer.startSpan(`db ${operation}`, {
        kind: SpanKind.CLIENT,
        attributes: {
          'db.system.name': 'postgresql',
          'db.operation.name': operation,
          // The statement's text with its $n placeholders: values (e-mails, hashes) never go out.
          'db.query.text': query.slice(0, MAX_TRACED_QUERY_LENGTH),
        },
      });
      const pending = unsafe(query, parameters, queryOptions);
      // postgres.js sends the statement when it is first awaited (a microtask after this returns,
      // so drizzle's `.values()` still applies); this `then` only observes the outcome.
      pending.then(
        () => span.end(),
        (error: unknown) => {
          span.setStatus({
            code: SpanStatusCode.ERROR,
            message: error instanceof Error ? error.message : String(error),
          });
          span.end();
        },
      );
      return pending;
    }) as Unsafe;

const MAX_TRACED_QUERY_LENGTH = 2_000;

export function openPostgres(options: PostgresOptions): DatabaseHandle {
  const queryTimeoutMs = options.queryTimeoutMs ?? 10_000;
  // A documented postgres.js option its type declarations leave out.
  const customSocket = queryTimeoutMs > 0 ? { socket: responseDeadlineSocket(queryTimeoutMs) } : {};
  const path = socketPathOf(options.url);
  const sql = postgres(options.url, {
    ...customSocket,
    ...(path ? { path } : {}),
    max: options.maxConnections ?? 10,
    connect_timeout: options.connectTimeoutSeconds ?? 5,
    idle_timeout: 30,
    // Connections are renewed now and then, so none outlives a failover by long.
    max_lifetime: 30 * 60,
    backoff: reconnectDelaySeconds,
    connection: {
      statement_timeout: queryTimeoutMs,
      idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_TIMEOUT_MS,
    },
    onnotice: () => {},
  });
  const replacements = [
    ...(options.preparedStatements === false ? [] : [preparing]),
    ...(options.tracer ? [tracing(options.tracer)] : []),
  ];
  const client =
    replacements.length === 0
      ? sql
      : withUnsafe(sql, (unsafe) =>
          replacements.reduce((wrapped, replace) => replace(wrapped), unsafe),
        );
  const db = drizzlePostgres(client, { schema }) as unknown as Database;
  return {
    kind: 'postgres',
    db,
    sql,
    url: options.url,
    poolStats: () => sql.poolStats(),
    async ping() {
      await sql`select 1`;
    },
    async close() {
      await sql.end({ timeout: 5 });
    },
  };
}

export interface PgliteOptions {
  /** Directory of the data files; omitted → in memory. */
  dataDir?: string;
  /** A dumped data directory to start from (test snapshots). */
  loadDataDir?: Blob;
}

export async function openPglite(options: PgliteOptions = {}): Promise<DatabaseHandle> {
  // Imported here, not at the top: a process on PostgreSQL never loads PGlite (~10 MB RSS).
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
  ]);
  let release = () => {};
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    release = lockDataDir(options.dataDir);
  }
  let pglite: PGlite;
  try {
    pglite = await PGlite.create({
      ...(options.dataDir ? { dataDir: options.dataDir } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
      extensions: { pg_trgm },
    });
  } catch (error) {
    release();
    throw error;
  }
  const db = drizzlePglite(pglite, { schema }) as unknown as Database;
  return {
    kind: 'pglite',
    db,
    pglite,
    async ping() {
      await pglite.query('select 1');
    },
    async close() {
      if (!pglite.closed) await pglite.close();
      release();
    },
  };
}

/**
 * The embedded database as the API runs it: PGlite in a worker thread behind a Unix socket
 * (embedded-server.ts), reached through the same postgres.js client, prepared statements and
 * job queue as PostgreSQL. `kind` stays 'pglite': the engine, not the path to it.
 */
export async function openEmbedded(
  options: { dataDir: string } & Omit<PostgresOptions, 'url'>,
): Promise<DatabaseHandle> {
  const maxConnections = options.maxConnections ?? 10;
  // The request pool, pg-boss' 3, a migration session and a script's, with room to spare.
  const server = await startEmbeddedServer({
    dataDir: options.dataDir,
    maxConnections: maxConnections + 8,
  });
  const { dataDir: _dataDir, ...postgresOptions } = options;
  const handle = openPostgres({ ...postgresOptions, url: server.url, maxConnections });
  return {
    ...handle,
    kind: 'pglite',
    embeddedQueueLength: () => server.queueLength(),
    async close() {
      try {
        await handle.close();
      } finally {
        await server.stop();
      }
    },
  };
}

export interface OpenDatabaseOptions {
  /** PostgreSQL URL; when absent the embedded PGlite database under `dataDir` is used. */
  databaseUrl?: string | undefined;
  dataDir: string;
  maxConnections?: number;
  /** See `PostgresOptions.preparedStatements` (the embedded server is reached the same way). */
  preparedStatements?: boolean;
  /** Bounds connecting and each query (0: queries unbounded); see `PostgresOptions.queryTimeoutMs`. */
  timeoutMs?: number;
  /** See `PostgresOptions.tracer`. */
  tracer?: Tracer | undefined;
}

export function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const pool: Omit<PostgresOptions, 'url'> = {
    ...(options.maxConnections ? { maxConnections: options.maxConnections } : {}),
    ...(options.preparedStatements === undefined
      ? {}
      : { preparedStatements: options.preparedStatements }),
    ...(options.timeoutMs === undefined ? {} : { queryTimeoutMs: options.timeoutMs }),
    ...(options.timeoutMs ? { connectTimeoutSeconds: options.timeoutMs / 1000 } : {}),
    ...(options.tracer ? { tracer: options.tracer } : {}),
  };
  if (options.databaseUrl) {
    return Promise.resolve(openPostgres({ url: options.databaseUrl, ...pool }));
  }
  return openEmbedded({ dataDir: `${options.dataDir}/pglite`, ...pool });
}
