import type { Executor } from '@storefront/db/client';
import { bossJobs } from '@storefront/db/jobs';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { JobOptions, JobQueue } from '../../ports';

export interface FailedJobRecord {
  id: string;
  queue: string;
  data: unknown;
  retryCount: number;
  output: unknown;
  createdOn: Date;
  completedOn: Date | null;
}

/**
 * Durable jobs as the services see them: `enqueue` writes through this repository's executor, so
 * inside a unit of work the job commits or rolls back with the write that caused it.
 */
export function createJobsRepository(db: Executor, queue: JobQueue) {
  return {
    enqueue(queueName: string, data: object, options?: JobOptions): Promise<void> {
      return queue.send(db, queueName, data, options);
    },

    /** Jobs that used up their retries, newest first. */
    failed(page: { limit: number; offset: number }): Promise<FailedJobRecord[]> {
      return db
        .select({
          id: bossJobs.id,
          queue: bossJobs.name,
          data: bossJobs.data,
          retryCount: bossJobs.retryCount,
          output: bossJobs.output,
          createdOn: bossJobs.createdOn,
          completedOn: bossJobs.completedOn,
        })
        .from(bossJobs)
        .where(eq(bossJobs.state, 'failed'))
        .orderBy(desc(bossJobs.completedOn), desc(bossJobs.createdOn))
        .limit(page.limit)
        .offset(page.offset);
    },

    async countFailed(): Promise<number> {
      const [row] = await db
        .select({ total: count() })
        .from(bossJobs)
        .where(eq(bossJobs.state, 'failed'));
      return row?.total ?? 0;
    },

    /** Removes a field of a job's data (a secret it needed only until it ran). */
    async forgetField(id: string, field: string): Promise<void> {
      await db
        .update(bossJobs)
        .set({ data: sql`${bossJobs.data} - ${field}::text` })
        .where(eq(bossJobs.id, id));
    },

    /** The failed job's queue, or undefined when no failed job has this id. */
    async failedJobQueue(id: string): Promise<string | undefined> {
      const [row] = await db
        .select({ queue: bossJobs.name })
        .from(bossJobs)
        .where(and(eq(bossJobs.id, id), eq(bossJobs.state, 'failed')));
      return row?.queue;
    },
  };
}

export type JobsRepository = ReturnType<typeof createJobsRepository>;
