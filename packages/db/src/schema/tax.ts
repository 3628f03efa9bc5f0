import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';

/**
 * Tax categories (docs/tax.md): what a product is for tax purposes. `hsn_code` is India's
 * HSN (goods) or SAC (services) code printed on each invoice line.
 */
export const taxCategories = pgTable(
  'tax_categories',
  {
    id: id(),
    /** Upper case, what rules and product forms name (`GST18`). */
    code: text('code').notNull(),
    name: text('name').notNull(),
    hsnCode: text('hsn_code'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('tax_categories_code_key').on(t.code)],
);

/** One component of a tax rule, rate in basis points (9 % = 900). */
export interface TaxRuleComponentRow {
  name: string;
  rateBasisPoints: number;
}

/**
 * Tax rules: (country, region, category) → components; `*` matches anything and the most
 * specific rule wins (docs/tax.md, "Rules and precedence"). A null category is `*`.
 */
export const taxRules = pgTable(
  'tax_rules',
  {
    id: id(),
    /** ISO 3166-1 alpha-2, or `*`. */
    country: text('country').notNull(),
    /** ISO 3166-2 subdivision without the country prefix (`KA`), or `*`. */
    region: text('region').notNull().default('*'),
    taxCategoryId: integer('tax_category_id').references(() => taxCategories.id, {
      onDelete: 'restrict',
    }),
    components: jsonb('components').$type<TaxRuleComponentRow[]>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Two rules with the same key are refused (409): `*` category counts as one value.
    uniqueIndex('tax_rules_key').on(t.country, t.region, sql`coalesce(${t.taxCategoryId}, 0)`),
  ],
);

export const INVOICE_AT = ['paid_or_shipped', 'placement'] as const;
export type InvoiceAt = (typeof INVOICE_AT)[number];

/** The shop's tax identity and invoicing choices: one row (id 1), absent = the defaults. */
export const taxSettings = pgTable(
  'tax_settings',
  {
    id: integer('id').primaryKey(),
    legalName: text('legal_name').notNull().default(''),
    /** Printed under the seller's name; lines separated by newlines. */
    address: text('address').notNull().default(''),
    /** GSTIN in India, VAT number elsewhere. */
    taxId: text('tax_id'),
    pricesIncludeTax: boolean('prices_include_tax').notNull().default(false),
    shippingTaxable: boolean('shipping_taxable').notNull().default(false),
    invoicePrefix: text('invoice_prefix').notNull().default('INV/'),
    creditNotePrefix: text('credit_note_prefix').notNull().default('CN/'),
    financialYearStartMonth: integer('financial_year_start_month').notNull().default(4),
    invoiceAt: text('invoice_at', { enum: INVOICE_AT }).notNull().default('paid_or_shipped'),
    /** The shop's IANA time zone: the calendar of its documents' dates and financial years. */
    timeZone: text('time_zone').notNull().default('UTC'),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('tax_settings_single_row', sql`${t.id} = 1`),
    check('tax_settings_year_start_check', sql`${t.financialYearStartMonth} between 1 and 12`),
  ],
);
