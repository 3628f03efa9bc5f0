import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz, updatedAt } from './columns';

export const BANNER_LINK_TYPES = ['product', 'category', 'url', 'none'] as const;
export type BannerLinkType = (typeof BANNER_LINK_TYPES)[number];

/** Mobile banners; shown while active and now is within [starts_at, ends_at) (open bounds allowed). */
export const banners = pgTable(
  'banners',
  {
    id: id(),
    identifier: text('identifier').notNull(),
    title: text('title').notNull(),
    subtitle: text('subtitle'),
    imageUrl: text('image_url').notNull(),
    linkType: text('link_type', { enum: BANNER_LINK_TYPES }).notNull().default('none'),
    linkValue: text('link_value'),
    position: integer('position').notNull().default(0),
    startsAt: timestamptz('starts_at'),
    endsAt: timestamptz('ends_at'),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('banners_identifier_key').on(t.identifier),
    index('banners_active_position_idx').on(t.position, t.id).where(sql`${t.active}`),
  ],
);

/**
 * Currencies the app can display. `exchange_rate` converts from the default currency; exactly
 * one row is the default (the partial unique index allows at most one; seeds create it).
 */
export const currencies = pgTable(
  'currencies',
  {
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    symbol: text('symbol').notNull(),
    exchangeRate: numeric('exchange_rate', { precision: 18, scale: 8, mode: 'number' })
      .notNull()
      .default(1),
    decimalPlaces: integer('decimal_places').notNull().default(2),
    isDefault: boolean('is_default').notNull().default(false),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    uniqueIndex('currencies_one_default_key').on(t.isDefault).where(sql`${t.isDefault}`),
    check('currencies_code_check', sql`${t.code} ~ '^[A-Z]{3}$'`),
    check('currencies_rate_check', sql`${t.exchangeRate} > 0`),
    check('currencies_decimals_check', sql`${t.decimalPlaces} between 0 and 4`),
  ],
);
