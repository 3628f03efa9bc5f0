import type { Executor } from '@storefront/db/client';
import { aiAgents } from '@storefront/db/schema';
import { and, eq, sql } from 'drizzle-orm';

export interface AgentProfile {
  name: string;
  systemPrompt: string;
  model: string | null;
  temperature: number | null;
}

export function createAiRepository(db: Executor) {
  return {
    async findActiveAgent(name: string): Promise<AgentProfile | undefined> {
      const [row] = await db
        .select({
          name: aiAgents.name,
          systemPrompt: aiAgents.systemPrompt,
          model: aiAgents.model,
          temperature: aiAgents.temperature,
        })
        .from(aiAgents)
        .where(and(sql`lower(${aiAgents.name}) = lower(${name})`, eq(aiAgents.active, true)));
      return row;
    },
  };
}

export type AiRepository = ReturnType<typeof createAiRepository>;
