import { createOpenAI } from '@ai-sdk/openai';
import type { AiModelProvider } from '@storefront/routers/features/ai/ai.service';

export interface OpenAiProviderOptions {
  apiKey: string;
  /** Any OpenAI-compatible server (e.g. http://localhost:11434/v1); default OpenAI. */
  baseURL?: string | undefined;
  defaultModel: string;
  fetch?: typeof globalThis.fetch;
}

/**
 * Chat Completions (`provider.chat`), not the Responses API, so every OpenAI-compatible server
 * works. Agent profiles may name another model on the same server.
 */
export function createOpenAiModelProvider(options: OpenAiProviderOptions): AiModelProvider {
  const provider = createOpenAI({
    apiKey: options.apiKey,
    ...(options.baseURL ? { baseURL: options.baseURL } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  return (modelId) => provider.chat(modelId ?? options.defaultModel);
}
