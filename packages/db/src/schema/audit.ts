import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { id, timestamptz } from './columns';
import { users } from './users';

/**
 * One row per successful admin mutation, written in the transaction of its change
 * (docs/admin-panel.md "Audit log"). The actor's e-mail is copied: the row outlives the account
 * (`actor_id` is set null when the user is deleted). `changes` maps each field to
 * `[before, after]`; secrets are "[redacted]" before they get here.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    at: timestamptz('at').notNull().defaultNow(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email').notNull(),
    procedure: text('procedure').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    changes: jsonb('changes').$type<Record<string, [unknown, unknown]>>().notNull().default({}),
    ip: text('ip'),
    requestId: text('request_id'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_target_idx').on(t.targetType, t.targetId, t.at),
    index('audit_log_actor_idx').on(t.actorId, t.at),
  ],
);
