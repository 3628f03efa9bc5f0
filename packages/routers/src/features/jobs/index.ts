/** The jobs slice's public surface: what other slices and the app may use (docs/architecture.md). */

/** The retry policy lives at the package's root, so leaf slices (payments) can give their limits. */
export { type RetryOverrides, retryPolicy } from '../../retry-policy';
export { createJobQueueStatsRepository, type JobQueueStats } from './job-queue-stats.repository';
export { jobsAdminRouter } from './jobs.admin.router';
export { createJobsRepository } from './jobs.repository';
export type { JobsService } from './jobs.service';
export { createJobsSlice } from './jobs.slice';
