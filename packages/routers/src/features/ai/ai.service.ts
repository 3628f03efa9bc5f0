import type { LanguageModel } from 'ai';
import { AppError } from '../../errors';
import type { RateLimiter } from '../../ports';
import { consumeOrRefuse } from '../../rate-limit';
import { buildDescriptionPrompt, DEFAULT_SYSTEM_PROMPT, type ProductContext } from './ai.prompt';
import type { AiRepository } from './ai.repository';
import {
  type GenerateDescriptionInput,
  type GeneratedDescription,
  ZGeneratedDescription,
} from './ai.schemas';

/** Returns the configured provider's chat model; `undefined` model id → the default model. */
export type AiModelProvider = (modelId: string | undefined) => LanguageModel;

export interface AiServiceDeps {
  repo: Pick<AiRepository, 'findActiveAgent'>;
  /** Undefined when no provider is configured (no OPENAI_API_KEY). */
  provider: AiModelProvider | undefined;
  isEnabled: () => Promise<boolean>;
  findProduct: (productId: number) => Promise<ProductContext | undefined>;
  rateLimiter: RateLimiter;
  timeoutMs: number;
}

/** 422 AI_GENERATION_FAILED whose message begins with the reason (docs/contract.md §5). */
const failure = (reason: string, detail: string, cause?: unknown) =>
  new AppError(
    'AI_GENERATION_FAILED',
    `${reason}: ${detail}`,
    cause === undefined ? {} : { cause },
  );

export function createAiService(deps: AiServiceDeps) {
  return {
    /** Generates copy for a product; nothing is saved (an admin applies it separately). */
    async generateDescription(
      userId: number,
      input: GenerateDescriptionInput,
    ): Promise<GeneratedDescription> {
      await consumeOrRefuse(
        deps.rateLimiter,
        String(userId),
        'Too many description requests. Please wait a moment.',
      );
      const product = await deps.findProduct(input.id);
      if (!product) throw new AppError('NOT_FOUND', 'Product not found.');
      if (!(await deps.isEnabled())) {
        throw failure(
          'AI descriptions are disabled',
          'an administrator can switch them on in the settings.',
        );
      }
      if (!deps.provider) {
        throw failure(
          'AI provider not configured',
          'set OPENAI_API_KEY (and OPENAI_BASE_URL for a compatible server).',
        );
      }
      const agent = input.agent ? await deps.repo.findActiveAgent(input.agent) : undefined;
      if (input.agent && !agent)
        throw failure('Unknown agent', `no active AI agent is called "${input.agent}".`);

      // Loaded on the first generation, not at start-up: ~10 MB of RSS otherwise (issue 8).
      const { APICallError, generateText, NoObjectGeneratedError, Output } = await import('ai');
      const signal = AbortSignal.timeout(deps.timeoutMs);
      try {
        const result = await generateText({
          model: deps.provider(agent?.model ?? undefined),
          system: agent?.systemPrompt ?? DEFAULT_SYSTEM_PROMPT,
          messages: [
            {
              role: 'user',
              content: [
                { type: 'text', text: buildDescriptionPrompt(input, product) },
                // URLs go to the model as they are; the server never downloads them.
                ...(input.images ?? []).map((url) => ({
                  type: 'image' as const,
                  image: new URL(url),
                })),
              ],
            },
          ],
          output: Output.object({ schema: ZGeneratedDescription }),
          ...(agent?.temperature != null ? { temperature: agent.temperature } : {}),
          maxRetries: 0,
          abortSignal: signal,
          // Never download image URLs on the server: null hands each URL to the model as it is.
          experimental_download: async (requests) => requests.map(() => null),
        });
        return result.output;
      } catch (error) {
        if (signal.aborted) {
          throw failure(
            'Timeout',
            `the AI provider did not answer within ${Math.round(deps.timeoutMs / 1000)} s.`,
            error,
          );
        }
        if (NoObjectGeneratedError.isInstance(error)) {
          throw failure(
            'Invalid output',
            'the AI provider returned text that is not a valid description.',
            error,
          );
        }
        if (APICallError.isInstance(error)) {
          throw failure(
            'Provider error',
            `the AI provider answered ${error.statusCode ?? 'without a status'}.`,
            error,
          );
        }
        throw failure('Provider error', 'the AI provider could not be reached.', error);
      }
    },
  };
}

export type AiService = ReturnType<typeof createAiService>;
