import type { AiModelProvider } from '@storefront/routers';

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
export async function createOpenAiModelProvider(
  options: OpenAiProviderOptions,
): Promise<AiModelProvider> {
  // Imported here: a process without OPENAI_API_KEY never loads the SDK.
  const { createOpenAI } = await import('@ai-sdk/openai');
  const provider = createOpenAI({
    apiKey: options.apiKey,
    ...(options.baseURL ? { baseURL: options.baseURL } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  return (modelId) => provider.chat(modelId ?? options.defaultModel);
}
