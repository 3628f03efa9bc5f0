import { ok, page, ZNullEnvelope } from '../../envelope';
import { adminProcedure, router } from '../../trpc';
import { ZFailedJobListInput, ZFailedJobListOutput, ZJobIdInput } from './jobs.admin.schemas';

/** admin.jobs (/trpc only): background work that kept failing, and retrying it. */
export const jobsAdminRouter = router({
  /** Jobs that used up their retries (an e-mail the provider kept refusing), newest first. */
  failed: adminProcedure('jobs:manage')
    .input(ZFailedJobListInput)
    .output(ZFailedJobListOutput)
    .query(async ({ ctx, input }) => {
      const { items, meta } = await ctx.services.jobs.failed(input);
      return page(items, meta);
    }),
  /** Runs the job again, with its retries renewed. */
  retry: adminProcedure('jobs:manage')
    .input(ZJobIdInput)
    .output(ZNullEnvelope)
    .mutation(async ({ ctx, input }) =>
      ok(await ctx.services.jobs.retry(input.id), 'Job queued again.'),
    ),
});
