import { z } from 'zod';
import { envelope } from '../../envelope';
import { zDateTime, zId } from '../../zod-helpers';

const agentFields = {
  name: z.string().trim().min(1).max(120),
  description: z.string().trim().max(500).nullable().optional(),
  system_prompt: z.string().trim().min(1).max(10_000),
  model: z.string().trim().min(1).max(120).nullable().optional(),
  temperature: z.number().min(0).max(2).nullable().optional(),
  active: z.boolean().optional(),
};
export const ZAgentInput = z.object(agentFields);
export const ZAgentUpdateInput = z.object(agentFields).partial().extend({ id: zId() });
export type AgentInput = z.infer<typeof ZAgentInput>;

export const ZAgent = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string().nullable(),
    system_prompt: z.string(),
    model: z.string().nullable(),
    temperature: z.number().nullable(),
    active: z.boolean(),
    created_at: zDateTime(),
    updated_at: zDateTime(),
  })
  .meta({ id: 'AiAgent' });
export const ZAgentOutput = envelope(ZAgent);
export const ZAgentListOutput = envelope(z.array(ZAgent));
