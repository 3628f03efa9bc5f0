import { sql } from 'drizzle-orm';
import { boolean, pgTable, real, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';

/**
 * Named AI agent profiles (docs/contract.md §5 `agent`): a system prompt and optionally a model of their
 * own. Managed by admins; requests name them case-insensitively.
 */
export const aiAgents = pgTable(
  'ai_agents',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description'),
    systemPrompt: text('system_prompt').notNull(),
    /** Model id on the configured provider; null → AI_MODEL. */
    model: text('model'),
    temperature: real('temperature'),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('ai_agents_name_lower_key').on(sql`lower(${t.name})`)],
);
