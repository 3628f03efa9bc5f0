import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns';

/**
 * Shop-wide settings edited by admins, one row per key (feature flags live under `feature.<name>`).
 * A missing row means "use the default from configuration".
 */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});
