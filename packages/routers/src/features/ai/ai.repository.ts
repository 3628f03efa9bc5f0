import type { Executor } from '@storefront/db/client';
import { aiAgents } from '@storefront/db/schema';
import { setOrKeep } from '@storefront/db/sql';
import { and, asc, eq, sql } from 'drizzle-orm';

export interface AgentProfile {
  name: string;
  systemPrompt: string;
  model: string | null;
  temperature: number | null;
}

export type AgentRecord = typeof aiAgents.$inferSelect;
export type AgentValues = Pick<AgentRecord, 'name' | 'systemPrompt'> &
  Partial<Pick<AgentRecord, 'description' | 'model' | 'temperature' | 'active'>>;

export function createAiRepository(db: Executor) {
  return {
    listAgents(): Promise<AgentRecord[]> {
      return db.select().from(aiAgents).orderBy(asc(aiAgents.name));
    },

    async insertAgent(values: AgentValues): Promise<AgentRecord> {
      const [row] = await db.insert(aiAgents).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    async updateAgent(id: number, values: Partial<AgentValues>): Promise<AgentRecord | undefined> {
      const [row] = await db
        .update(aiAgents)
        .set(setOrKeep(values, { name: aiAgents.name }))
        .where(eq(aiAgents.id, id))
        .returning();
      return row;
    },

    async deleteAgent(id: number): Promise<boolean> {
      const rows = await db
        .delete(aiAgents)
        .where(eq(aiAgents.id, id))
        .returning({ id: aiAgents.id });
      return rows.length === 1;
    },

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
