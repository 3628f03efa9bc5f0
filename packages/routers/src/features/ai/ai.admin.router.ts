import { ok, ZNullEnvelope } from '../../envelope';
import { adminProcedure, router } from '../../trpc';
import { ZIdInput } from '../../zod-helpers';
import {
  type AgentInput,
  ZAgentInput,
  ZAgentListOutput,
  ZAgentOutput,
  ZAgentUpdateInput,
} from './ai.admin.schemas';
import type { AgentValues } from './ai.repository';

/** API field names → stored agent values; only the fields given. */
function agentValues(input: Partial<AgentInput>): Partial<AgentValues> {
  return {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.system_prompt !== undefined ? { systemPrompt: input.system_prompt } : {}),
    ...(input.model !== undefined ? { model: input.model } : {}),
    ...(input.temperature !== undefined ? { temperature: input.temperature } : {}),
    ...(input.active !== undefined ? { active: input.active } : {}),
  };
}

/** admin.aiAgents (/trpc only): the system prompts description generation can run with. */
export const aiAgentsAdminRouter = router({
  list: adminProcedure('ai:use')
    .output(ZAgentListOutput)
    .query(async ({ ctx }) => ok(await ctx.services.ai.agents.list())),
  create: adminProcedure('ai:use')
    .input(ZAgentInput)
    .output(ZAgentOutput)
    .mutation(async ({ ctx, input }) =>
      ok(await ctx.services.ai.agents.create(agentValues(input) as AgentValues)),
    ),
  update: adminProcedure('ai:use')
    .input(ZAgentUpdateInput)
    .output(ZAgentOutput)
    .mutation(async ({ ctx, input }) =>
      ok(await ctx.services.ai.agents.update(input.id, agentValues(input))),
    ),
  remove: adminProcedure('ai:use')
    .input(ZIdInput)
    .output(ZNullEnvelope)
    .mutation(async ({ ctx, input }) => ok(await ctx.services.ai.agents.remove(input.id))),
});
