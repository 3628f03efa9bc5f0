import { type AiModelProvider, createAiService, type ProductContext } from '@storefront/routers';
import { AppError } from '@storefront/routers/errors';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOpenAiModelProvider } from '../src/adapters/ai';
import { createRateLimits } from '../src/adapters/rate-limits';
import { type FakeOpenAi, startFakeOpenAi } from './support/fake-openai';

const product: ProductContext = {
  name: 'Canvas Tote',
  shortDescription: null,
  description: 'Heavy cotton canvas.',
  categories: ['Bags'],
  attributes: [{ name: 'Colour', values: ['Natural', 'Black'] }],
};

let fake: FakeOpenAi;
let provider: AiModelProvider;
beforeAll(async () => {
  fake = await startFakeOpenAi();
  provider = await createOpenAiModelProvider({
    apiKey: 'sk-test',
    baseURL: fake.baseURL,
    defaultModel: 'test-model',
  });
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.requests.length = 0;
});

function service(
  timeoutMs = 5000,
  agents: { name: string; systemPrompt: string; model: string | null }[] = [],
) {
  return createAiService({
    repo: {
      findActiveAgent: async (name) => {
        const agent = agents.find((a) => a.name === name);
        return agent ? { ...agent, temperature: null } : undefined;
      },
    },
    provider,
    isEnabled: async () => true,
    findProduct: async () => product,
    rateLimiter: createRateLimits({ authPerIpPerMinute: 100 }).aiPerCustomer,
    timeoutMs,
  });
}

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error as AppError,
  );

describe('the real OpenAI provider against a local OpenAI-compatible server', () => {
  it('speaks Chat Completions with structured output and forwards image URLs untouched', async () => {
    fake.respondWith({
      kind: 'json',
      content: { short_description: 'A tote.', description: 'A roomy tote.' },
    });
    // An address nothing listens on: if the server tried to download the image, this would fail.
    const image = 'http://127.0.0.1:9/tote.jpg';
    const result = await service().generateDescription(3, {
      id: 1,
      images: [image],
      language: 'fr',
    });
    expect(result).toEqual({ short_description: 'A tote.', description: 'A roomy tote.' });
    expect(fake.requests).toHaveLength(1);
    const request = fake.requests[0];
    expect(request?.path).toBe('/v1/chat/completions');
    expect(request?.authorization).toBe('Bearer sk-test');
    expect(request?.body.model).toBe('test-model');
    expect(JSON.stringify(request?.body.response_format)).toContain('short_description');
    const sent = JSON.stringify(request?.body.messages);
    expect(sent).toContain('Canvas Tote');
    expect(sent).toContain('code \\"fr\\"');
    expect(sent).toContain(`"url":"${image}"`);
  });

  it('uses the agent profile model and system prompt', async () => {
    fake.respondWith({ kind: 'json', content: { short_description: 'S', description: 'D' } });
    await service(5000, [
      { name: 'seo', systemPrompt: 'You optimise for search engines.', model: 'seo-model' },
    ]).generateDescription(3, { id: 1, agent: 'seo' });
    expect(fake.requests[0]?.body.model).toBe('seo-model');
    expect(JSON.stringify(fake.requests[0]?.body.messages)).toContain(
      'You optimise for search engines.',
    );
  });

  it('a provider 500 becomes AI_GENERATION_FAILED "Provider error: ..."', async () => {
    fake.respondWith({ kind: 'status', status: 500 });
    const error = await rejection(service().generateDescription(3, { id: 1 }));
    expect(error).toBeInstanceOf(AppError);
    expect(error.errorCode).toBe('AI_GENERATION_FAILED');
    expect(error.message).toMatch(/^Provider error: .*500/);
  });

  it('malformed output becomes "Invalid output: ..."', async () => {
    fake.respondWith({ kind: 'text', content: 'Sure! Here is a great description.' });
    const error = await rejection(service().generateDescription(3, { id: 1 }));
    expect(error.message).toMatch(/^Invalid output/);
    fake.respondWith({ kind: 'json', content: { short_description: 'missing the long one' } });
    expect((await rejection(service().generateDescription(3, { id: 1 }))).message).toMatch(
      /^Invalid output/,
    );
  });

  it('a hanging provider becomes "Timeout: ..." within the configured time', async () => {
    fake.respondWith({ kind: 'hang' });
    const error = await rejection(service(300).generateDescription(3, { id: 1 }));
    expect(error.message).toMatch(/^Timeout/);
  });
});
