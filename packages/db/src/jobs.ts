import { sql } from 'drizzle-orm';
import { integer, jsonb, pgSchema, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { fromDrizzle, fromPglite, PgBoss } from 'pg-boss';
import type { DatabaseHandle, Executor } from './client';

export type { Job, JobResult } from 'pg-boss';
export { PgBoss };

/**
 * pg-boss on the project's own database, in its own schema (`pgboss`): on PGlite through the
 * embedded instance (one connection, shared with the app), on PostgreSQL through a small pool of
 * its own. Jobs are rows, so they are exactly as durable as the orders that cause them.
 */
export function createJobBoss(handle: DatabaseHandle): PgBoss {
  if (handle.pglite) {
    return new PgBoss({ db: fromPglite(handle.pglite), backend: 'pglite' });
  }
  if (!handle.url) throw new Error('createJobBoss: a PostgreSQL handle without its URL');
  return new PgBoss({
    connectionString: handle.url,
    max: 3,
    application_name: 'storefront-jobs',
  });
}

/**
 * An executor (the pool or a transaction) as pg-boss's SQL interface: `send` through it writes
 * the job inside that transaction, so a rolled-back write leaves no job behind.
 */
export const jobExecutor = (executor: Executor) =>
  // Both drivers' execute() resolve to rows or { rows }, which is what the adapter reads; the
  // Database type only declares `unknown`.
  fromDrizzle(executor as unknown as Parameters<typeof fromDrizzle>[0], sql);

/**
 * pg-boss's job table, declared for reading only (the failed jobs the admin sees). pg-boss owns
 * and migrates it; it is not part of the app's schema or migrations.
 */
export const bossJobs = pgSchema('pgboss').table('job', {
  id: uuid('id').notNull(),
  name: text('name').notNull(),
  data: jsonb('data'),
  state: text('state').notNull(),
  retryCount: integer('retry_count').notNull(),
  output: jsonb('output'),
  createdOn: timestamp('created_on', { withTimezone: true }).notNull(),
  completedOn: timestamp('completed_on', { withTimezone: true }),
});

/** pg-boss as the services' job queue port (packages/routers/src/ports.ts JobQueue). */
export function jobQueueOf(boss: PgBoss) {
  return {
    async send(
      executor: Executor,
      queue: string,
      data: object,
      options: { startAfterSeconds?: number; priority?: number } = {},
    ): Promise<void> {
      await boss.send(queue, data, {
        db: jobExecutor(executor),
        ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
        ...(options.priority ? { priority: options.priority } : {}),
      });
    },
    async retry(queue: string, id: string): Promise<void> {
      await boss.retry(queue, id);
    },
  };
}
