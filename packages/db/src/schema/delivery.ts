import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';

/**
 * Delivery rules (docs/delivery.md): a postcode, or a prefix written `560*`, → whether and how
 * fast the shop delivers there. The most specific rule wins (exact code, then longest prefix).
 */
export const deliveryRules = pgTable(
  'delivery_rules',
  {
    id: id(),
    /** As uploaded: a code (`560001`) or a prefix ending in `*` (`560*`); upper case. */
    postcode: text('postcode').notNull(),
    zone: text('zone').notNull().default(''),
    deliverable: boolean('deliverable').notNull(),
    cod: boolean('cod').notNull(),
    /** Calendar days from dispatch. */
    minDays: integer('min_days').notNull(),
    maxDays: integer('max_days').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // An import replaces the rule of the same code or prefix (on conflict … do update).
    uniqueIndex('delivery_rules_postcode_key').on(t.postcode),
    check('delivery_rules_days_check', sql`${t.minDays} >= 0 and ${t.maxDays} >= ${t.minDays}`),
  ],
);

/** The shop's delivery and cash-on-delivery settings: one row (id 1), absent = the defaults. */
export const deliverySettings = pgTable(
  'delivery_settings',
  {
    id: integer('id').primaryKey(),
    /** Working days between the order's day and dispatch. */
    dispatchDays: integer('dispatch_days').notNull().default(1),
    /** Orders from this hour (shop's time zone) count from the next working day. */
    cutoffHour: integer('cutoff_hour').notNull().default(14),
    /** `YYYY-MM-DD` dates that are not working days. */
    holidays: jsonb('holidays').$type<string[]>().notNull().default([]),
    /** Delivery for a postcode no rule matches, so a new shop delivers everywhere. */
    defaultDeliverable: boolean('default_deliverable').notNull().default(true),
    defaultCod: boolean('default_cod').notNull().default(true),
    defaultMinDays: integer('default_min_days').notNull().default(2),
    defaultMaxDays: integer('default_max_days').notNull().default(5),
    codEnabled: boolean('cod_enabled').notNull().default(true),
    /** Minor units of the shop's currency; null: no bound. */
    codMinOrderCents: integer('cod_min_order_cents'),
    codMaxOrderCents: integer('cod_max_order_cents'),
    codFeeCents: integer('cod_fee_cents').notNull().default(0),
    codRequiresVerifiedPhone: boolean('cod_requires_verified_phone').notNull().default(false),
    codMaxOpenOrders: integer('cod_max_open_orders').notNull().default(2),
    /** How long a payment link for a COD order stays payable (issue 40, "COD to prepaid"). */
    paymentLinkExpiryHours: integer('payment_link_expiry_hours').notNull().default(24),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('delivery_settings_single_row', sql`${t.id} = 1`),
    check('delivery_settings_dispatch_check', sql`${t.dispatchDays} between 0 and 60`),
    check('delivery_settings_cutoff_check', sql`${t.cutoffHour} between 0 and 24`),
    check(
      'delivery_settings_default_days_check',
      sql`${t.defaultMinDays} >= 0 and ${t.defaultMaxDays} >= ${t.defaultMinDays}`,
    ),
    check('delivery_settings_cod_fee_check', sql`${t.codFeeCents} >= 0`),
    check('delivery_settings_cod_open_check', sql`${t.codMaxOpenOrders} >= 0`),
    check(
      'delivery_settings_link_expiry_check',
      sql`${t.paymentLinkExpiryHours} between 1 and 720`,
    ),
  ],
);
