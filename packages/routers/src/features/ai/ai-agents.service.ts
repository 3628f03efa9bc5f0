import { isUniqueViolation } from '@storefront/db/errors';
import { AppError, validationError } from '../../errors';
import { toIso } from '../../zod-helpers';
import type { AgentRecord, AgentValues, AiRepository } from './ai.repository';

export function toAgentDto(agent: AgentRecord) {
  return {
    id: agent.id,
    name: agent.name,
    description: agent.description,
    system_prompt: agent.systemPrompt,
    model: agent.model,
    temperature: agent.temperature,
    active: agent.active,
    created_at: toIso(agent.createdAt),
    updated_at: toIso(agent.updatedAt),
  };
}

const NAME_TAKEN = validationError({ name: ['An agent with this name already exists.'] });

/** Admin management of the named AI agent profiles. */
export function createAiAgentsService({ repo }: { repo: AiRepository }) {
  async function guardUnique<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw NAME_TAKEN;
      throw error;
    }
  }
  return {
    async list() {
      return (await repo.listAgents()).map(toAgentDto);
    },
    async create(values: AgentValues) {
      return toAgentDto(await guardUnique(() => repo.insertAgent(values)));
    },
    async update(id: number, values: Partial<AgentValues>) {
      const agent = await guardUnique(() => repo.updateAgent(id, values));
      if (!agent) throw new AppError('NOT_FOUND', 'Agent not found.');
      return toAgentDto(agent);
    },
    async remove(id: number): Promise<null> {
      if (!(await repo.deleteAgent(id))) throw new AppError('NOT_FOUND', 'Agent not found.');
      return null;
    },
  };
}

export type AiAgentsService = ReturnType<typeof createAiAgentsService>;
