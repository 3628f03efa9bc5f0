import type { Executor } from '@storefront/db/client';
import { bossJobs } from '@storefront/db/jobs';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { pgSchema, text } from 'drizzle-orm/pg-core';

/** The waiting, oldest-waiting and failed jobs of one queue, for the metrics. */
export interface JobQueueStats {
  queue: string;
  /** Jobs not yet started: created, or waiting for a retry. */
  waiting: number;
  /** Seconds since the oldest waiting job was created; 0 with none waiting. */
  oldestWaitingSeconds: number;
  /** Jobs that used up their retries and are kept as failed (until pg-boss deletes them). */
  failed: number;
}

/** pg-boss's queue list (it owns and migrates the table), declared for reading only. */
const bossQueues = pgSchema('pgboss').table('queue', { name: text('name').notNull() });

/** Jobs in these states are counted; completed ones (the bulk of the table) are never read. */
const COUNTED_STATES = ['created', 'retry', 'failed'];
const WAITING = sql`${bossJobs.state} in ('created', 'retry')`;

/** At most this many queues are reported (a bound on the answer, not a real limit: there are 3). */
const MAX_QUEUES = 50;

/**
 * pg-boss's queues as the metrics see them, read at scrape time: one grouped query over the
 * waiting and failed jobs only (pg-boss's partial index on waiting jobs serves the first two).
 */
export function createJobQueueStatsRepository(db: Executor) {
  return {
    async read(): Promise<JobQueueStats[]> {
      return db
        .select({
          queue: bossQueues.name,
          waiting: sql<number>`count(${bossJobs.id}) filter (where ${WAITING})`.mapWith(Number),
          oldestWaitingSeconds:
            sql<number>`coalesce(extract(epoch from now() - min(${bossJobs.createdOn}) filter (where ${WAITING})), 0)`.mapWith(
              Number,
            ),
          failed:
            sql<number>`count(${bossJobs.id}) filter (where ${bossJobs.state} = 'failed')`.mapWith(
              Number,
            ),
        })
        .from(bossQueues)
        .leftJoin(
          bossJobs,
          and(eq(bossJobs.name, bossQueues.name), inArray(bossJobs.state, COUNTED_STATES)),
        )
        .groupBy(bossQueues.name)
        .orderBy(asc(bossQueues.name))
        .limit(MAX_QUEUES);
    },
  };
}

export type JobQueueStatsRepository = ReturnType<typeof createJobQueueStatsRepository>;
