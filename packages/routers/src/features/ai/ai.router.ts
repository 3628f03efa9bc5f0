import { ok } from '../../envelope';
import { customerProcedure, router } from '../../trpc';
import { ZGenerateDescriptionInput, ZGenerateDescriptionOutput } from './ai.schemas';

export const aiRouter = router({
  generateDescription: customerProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/products/{id}/generate-description',
        tags: ['ai'],
        summary: 'Generate description',
        description:
          "Writes a short and a long product description with AI; nothing is saved. Uses the product's own data as context; request fields override it. Failures (switched off, not configured, unknown agent, provider error, timeout, invalid output) answer 422 AI_GENERATION_FAILED with a message that begins with the reason. Limited per customer (429 with Retry-After).",
      },
      errors: ['AI_GENERATION_FAILED', 'RATE_LIMITED'],
    })
    .input(ZGenerateDescriptionInput)
    .output(ZGenerateDescriptionOutput)
    .mutation(async ({ ctx, input }) =>
      ok(
        await ctx.services.ai.descriptions.generateDescription(ctx.session.user.id, input),
        'Description generated.',
      ),
    ),
});
