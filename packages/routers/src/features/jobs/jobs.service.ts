import type { PageMeta } from '../../envelope';
import { AppError } from '../../errors';
import { metaFor, type PageRequest, pageOffset } from '../../pagination';
import type { JobQueue } from '../../ports';
import { toIso, toIsoOrNull } from '../../zod-helpers';
import type { FailedJobRecord, JobsRepository } from './jobs.repository';

/** What a job's data says about itself, without its secrets (a mail job carries a link's token). */
function describe(data: unknown): {
  kind: string | null;
  order_id: number | null;
  user_id: number | null;
} {
  const fields = (data ?? {}) as Record<string, unknown>;
  const number = (value: unknown) => (typeof value === 'number' ? value : null);
  return {
    kind: typeof fields.kind === 'string' ? fields.kind : null,
    order_id: number(fields.orderId),
    user_id: number(fields.userId),
  };
}

/** The last error pg-boss stored for the job (a serialized Error, or what the handler threw). */
function errorMessage(output: unknown): string | null {
  if (output && typeof output === 'object' && 'message' in output) {
    return String((output as { message: unknown }).message);
  }
  return output === null || output === undefined ? null : JSON.stringify(output);
}

export function toFailedJobDto(job: FailedJobRecord) {
  return {
    id: job.id,
    queue: job.queue,
    ...describe(job.data),
    retry_count: job.retryCount,
    error: errorMessage(job.output),
    created_at: toIso(job.createdOn),
    failed_at: toIsoOrNull(job.completedOn),
  };
}

/** The back office's view of background work: failed jobs, and retrying one. */
export function createJobsService(deps: { repo: JobsRepository; queue: JobQueue }) {
  const { repo, queue } = deps;
  return {
    async failed(request: PageRequest): Promise<{
      items: ReturnType<typeof toFailedJobDto>[];
      meta: PageMeta;
    }> {
      const { offset } = pageOffset(request);
      const [rows, total] = await Promise.all([
        repo.failed({ limit: request.per_page, offset }),
        repo.countFailed(),
      ]);
      return { items: rows.map(toFailedJobDto), meta: metaFor(request, total) };
    },

    /** Queues the failed job again with a fresh set of retries. */
    async retry(id: string): Promise<null> {
      const queueName = await repo.failedJobQueue(id);
      if (!queueName) throw new AppError('NOT_FOUND', 'No failed job has this id.');
      await queue.retry(queueName, id);
      return null;
    },
  };
}

export type JobsService = ReturnType<typeof createJobsService>;
