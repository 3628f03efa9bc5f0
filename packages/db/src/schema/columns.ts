import { integer, timestamp } from 'drizzle-orm/pg-core';

/** Every table's surrogate key: an identity column, so ids are plain integers in the API. */
export const id = () => integer('id').primaryKey().generatedAlwaysAsIdentity();

/** Timestamps are stored with time zone and read as Date objects on both drivers. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const createdAt = () => timestamptz('created_at').notNull().defaultNow();
export const updatedAt = () =>
  timestamptz('updated_at')
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
