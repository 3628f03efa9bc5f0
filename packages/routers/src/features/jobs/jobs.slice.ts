import type { Executor } from '@storefront/db/client';
import type { JobQueue } from '../../ports';
import { createJobsRepository } from './jobs.repository';
import { createJobsService } from './jobs.service';

/** The jobs slice: the back office's view of failed background jobs, and retrying them. */
export function createJobsSlice(deps: { db: Executor; queue: JobQueue }) {
  return createJobsService({ repo: createJobsRepository(deps.db, deps.queue), queue: deps.queue });
}
