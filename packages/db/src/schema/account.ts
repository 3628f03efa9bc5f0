import { index, integer, pgTable } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { users } from './users';

/** Each data export a customer took: at most 3 a day (counted here, on every instance). */
export const accountExports = pgTable(
  'account_exports',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('account_exports_user_idx').on(t.userId, t.createdAt)],
);
