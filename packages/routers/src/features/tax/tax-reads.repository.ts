import type { Executor } from '@storefront/db/client';
import { type InvoiceAt, taxCategories, taxRules, taxSettings } from '@storefront/db/schema';
import { ANY, type TaxRule } from '@storefront/pricing';
import { asc, eq } from 'drizzle-orm';

/** The shop's tax identity and invoicing choices (docs/tax.md). */
export interface TaxSettingsRecord {
  legalName: string;
  address: string;
  taxId: string | null;
  pricesIncludeTax: boolean;
  shippingTaxable: boolean;
  invoicePrefix: string;
  creditNotePrefix: string;
  financialYearStartMonth: number;
  invoiceAt: InvoiceAt;
  /** IANA zone of the shop's calendar (documents' dates, financial years). */
  timeZone: string;
}

export interface TaxCategoryRecord {
  id: number;
  code: string;
  name: string;
  hsnCode: string | null;
}

/** What pricing and invoicing read of tax: settings, rules and categories. */
export interface TaxReader {
  /** The defaults when no row exists. */
  settings(): Promise<TaxSettingsRecord>;
  /** @storefront/pricing's rules; `taxCategory` is the category's code or `*`. */
  rules(): Promise<TaxRule[]>;
  /** To map a product's `tax_category_id` to its code and HSN code. */
  categories(): Promise<TaxCategoryRecord[]>;
}

/** The settings of a shop that has saved none: the columns' defaults (schema/tax.ts). */
export const DEFAULT_TAX_SETTINGS: TaxSettingsRecord = {
  legalName: '',
  address: '',
  taxId: null,
  pricesIncludeTax: false,
  shippingTaxable: false,
  invoicePrefix: 'INV/',
  creditNotePrefix: 'CN/',
  financialYearStartMonth: 4,
  invoiceAt: 'paid_or_shipped',
  timeZone: 'UTC',
};

export const taxSettingsColumns = {
  legalName: taxSettings.legalName,
  address: taxSettings.address,
  taxId: taxSettings.taxId,
  pricesIncludeTax: taxSettings.pricesIncludeTax,
  shippingTaxable: taxSettings.shippingTaxable,
  invoicePrefix: taxSettings.invoicePrefix,
  creditNotePrefix: taxSettings.creditNotePrefix,
  financialYearStartMonth: taxSettings.financialYearStartMonth,
  invoiceAt: taxSettings.invoiceAt,
  timeZone: taxSettings.timeZone,
};

export const taxCategoryColumns = {
  id: taxCategories.id,
  code: taxCategories.code,
  name: taxCategories.name,
  hsnCode: taxCategories.hsnCode,
};

/** Reads tax data through the given executor (the pool or a transaction). */
export function taxReader(db: Executor): TaxReader {
  return {
    async settings() {
      const [row] = await db
        .select(taxSettingsColumns)
        .from(taxSettings)
        .where(eq(taxSettings.id, 1));
      return row ?? DEFAULT_TAX_SETTINGS;
    },

    async rules() {
      const rows = await db
        .select({
          country: taxRules.country,
          region: taxRules.region,
          taxCategory: taxCategories.code,
          components: taxRules.components,
        })
        .from(taxRules)
        .leftJoin(taxCategories, eq(taxCategories.id, taxRules.taxCategoryId))
        .orderBy(asc(taxRules.id));
      return rows.map((row) => ({
        country: row.country,
        region: row.region,
        taxCategory: row.taxCategory ?? ANY,
        components: row.components.map((c) => ({
          name: c.name,
          rateBasisPoints: c.rateBasisPoints,
        })),
      }));
    },

    // Awaited here: a drizzle query is a lazy thenable bound to `db`, and the tax cache would
    // keep it and run it on the pool again at every await (inside a transaction, PGlite hangs).
    async categories() {
      return await db
        .select(taxCategoryColumns)
        .from(taxCategories)
        .orderBy(asc(taxCategories.code));
    },
  };
}
