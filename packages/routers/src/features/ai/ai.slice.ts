import type { Executor } from '@storefront/db/client';
import { createAiRepository } from './ai.repository';
import { type AiServiceDeps, createAiService } from './ai.service';
import { createAiAgentsService } from './ai-agents.service';

/** The AI slice: description generation and the agents (system prompts) the admin manages. */
export function createAiSlice(deps: { db: Executor } & Omit<AiServiceDeps, 'repo'>) {
  const { db, ...serviceDeps } = deps;
  const repo = createAiRepository(db);
  return {
    descriptions: createAiService({ repo, ...serviceDeps }),
    agents: createAiAgentsService({ repo }),
  };
}
