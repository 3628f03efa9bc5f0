import { APICallError } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors';
import type { RateLimiter } from '../../ports';
import type { ProductContext } from './ai.prompt';
import type { AgentProfile } from './ai.repository';
import { type AiServiceDeps, createAiService } from './ai.service';

const product: ProductContext = {
  name: 'Trail Runner 2',
  shortDescription: 'A light trail shoe.',
  description: null,
  categories: ['Shoes', 'Running'],
  attributes: [{ name: 'Size', values: ['40', '41', '42'] }],
};

const allow: RateLimiter = {
  consume: async () => ({ allowed: true, retryAfterSeconds: 0 }),
  check: async () => ({ allowed: true, retryAfterSeconds: 0 }),
  reset: async () => {},
};

function modelAnswering(text: string) {
  return new MockLanguageModelV3({
    doGenerate: async () => ({
      content: [{ type: 'text', text }],
      finishReason: { unified: 'stop', raw: 'stop' },
      usage: {
        inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
        outputTokens: { total: 20, text: 20, reasoning: 0 },
      },
      warnings: [],
    }),
  });
}

function service(overrides: Partial<AiServiceDeps> = {}, agents: AgentProfile[] = []) {
  const model = modelAnswering(
    JSON.stringify({ short_description: 'Short.', description: 'Long copy.' }),
  );
  const usedModels: (string | undefined)[] = [];
  const deps: AiServiceDeps = {
    repo: {
      findActiveAgent: async (name) =>
        agents.find((a) => a.name.toLowerCase() === name.toLowerCase()),
    },
    provider: (modelId) => {
      usedModels.push(modelId);
      return model;
    },
    isEnabled: async () => true,
    findProduct: async (id) => (id === 1 ? product : undefined),
    rateLimiter: allow,
    timeoutMs: 5000,
    ...overrides,
  };
  return { ai: createAiService(deps), model, usedModels };
}

async function failureOf(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('AI description service', () => {
  it('returns the structured output and sends the product data with request overrides', async () => {
    const { ai, model } = service();
    const result = await ai.generateDescription(7, {
      id: 1,
      brand: 'Peak',
      tone_preference: 'casual',
      language: 'de',
      images: ['https://cdn.example.com/shoe.jpg'],
    });
    expect(result).toEqual({ short_description: 'Short.', description: 'Long copy.' });
    const call = model.doGenerateCalls[0];
    const prompt = JSON.stringify(call?.prompt);
    expect(prompt).toContain('Trail Runner 2');
    expect(prompt).toContain('Brand: Peak');
    expect(prompt).toContain('casual');
    expect(prompt).toContain('\\"de\\"');
    expect(prompt).toContain('https://cdn.example.com/shoe.jpg');
    expect(call?.responseFormat).toMatchObject({ type: 'json' });
  });

  it('uses a named agent profile: its system prompt, model and temperature', async () => {
    const { ai, model, usedModels } = service({}, [
      {
        name: 'Luxury',
        systemPrompt: 'You write for a luxury boutique.',
        model: 'gpt-4.1',
        temperature: 0.3,
      },
    ]);
    await ai.generateDescription(7, { id: 1, agent: 'luxury' });
    expect(usedModels).toEqual(['gpt-4.1']);
    const call = model.doGenerateCalls[0];
    expect(JSON.stringify(call?.prompt)).toContain('luxury boutique');
    expect(call?.temperature).toBe(0.3);
  });

  it('fails with a reason-first message when disabled, unconfigured or the agent is unknown', async () => {
    const disabled = await failureOf(
      service({ isEnabled: async () => false }).ai.generateDescription(1, { id: 1 }),
    );
    expect(disabled.errorCode).toBe('AI_GENERATION_FAILED');
    expect(disabled.message).toMatch(/^AI descriptions are disabled/);
    const unconfigured = await failureOf(
      service({ provider: undefined }).ai.generateDescription(1, { id: 1 }),
    );
    expect(unconfigured.message).toMatch(/^AI provider not configured/);
    const unknown = await failureOf(
      service().ai.generateDescription(1, { id: 1, agent: 'Nobody' }),
    );
    expect(unknown.message).toMatch(/^Unknown agent/);
  });

  it('maps provider errors and malformed output', async () => {
    const broken = new MockLanguageModelV3({
      doGenerate: async () => {
        throw new APICallError({
          message: 'boom',
          url: 'http://x/v1/chat/completions',
          requestBodyValues: {},
          statusCode: 500,
        });
      },
    });
    const providerError = await failureOf(
      service({ provider: () => broken }).ai.generateDescription(1, { id: 1 }),
    );
    expect(providerError.message).toMatch(/^Provider error: .*500/);
    const garbage = modelAnswering('this is not JSON');
    const invalid = await failureOf(
      service({ provider: () => garbage }).ai.generateDescription(1, { id: 1 }),
    );
    expect(invalid.message).toMatch(/^Invalid output/);
  });

  it('times out', async () => {
    const slow = new MockLanguageModelV3({
      doGenerate: (options) =>
        new Promise((_resolve, reject) => {
          options.abortSignal?.addEventListener('abort', () => reject(options.abortSignal?.reason));
        }),
    });
    const error = await failureOf(
      service({ provider: () => slow, timeoutMs: 50 }).ai.generateDescription(1, { id: 1 }),
    );
    expect(error.message).toMatch(/^Timeout/);
  });

  it('404 for an unknown product and 429 past the per-customer limit', async () => {
    expect((await failureOf(service().ai.generateDescription(1, { id: 2 }))).errorCode).toBe(
      'NOT_FOUND',
    );
    const limited = await failureOf(
      service({
        rateLimiter: { ...allow, consume: async () => ({ allowed: false, retryAfterSeconds: 30 }) },
      }).ai.generateDescription(1, { id: 1 }),
    );
    expect(limited.errorCode).toBe('RATE_LIMITED');
    expect(limited.retryAfterSeconds).toBe(30);
  });
});
