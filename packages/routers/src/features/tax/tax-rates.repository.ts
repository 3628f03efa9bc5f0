import type { Executor } from '@storefront/db/client';
import { isUniqueViolation } from '@storefront/db/errors';
import { taxRules } from '@storefront/db/schema';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';

/** The country that stands for every country without a rule of its own. */
export const ANY_COUNTRY = '*';

/** A country's single rate, as the old `tax_rates` table held it (admin.taxRates). */
export interface CountryRateRecord {
  country: string;
  name: string;
  rateBasisPoints: number;
  updatedAt: Date;
}

/** A rule for every region and category of its country: what a rate was before rules. */
const countryWide = (country?: string) =>
  and(
    country === undefined ? undefined : eq(taxRules.country, country),
    eq(taxRules.region, '*'),
    isNull(taxRules.taxCategoryId),
  );
const oneComponent = sql`jsonb_array_length(${taxRules.components}) = 1`;

const toRate = (row: typeof taxRules.$inferSelect): CountryRateRecord => {
  const [component] = row.components;
  if (!component) throw new Error('a country rate has one component');
  return {
    country: row.country,
    name: component.name,
    rateBasisPoints: component.rateBasisPoints,
    updatedAt: row.updatedAt,
  };
};

/**
 * Country rates (admin.taxRates) over tax_rules: each is the country's `*`-region `*`-category
 * rule with one component, as migration 0023 made of the old `tax_rates` rows.
 */
export function createTaxRatesRepository(db: Executor) {
  async function replace(country: string, components: typeof taxRules.$inferInsert.components) {
    const [row] = await db
      .update(taxRules)
      .set({ components, updatedAt: new Date() })
      .where(countryWide(country))
      .returning();
    return row;
  }

  return {
    /** The default (`*`) first, then by country. */
    async list(): Promise<CountryRateRecord[]> {
      const rows = await db
        .select()
        .from(taxRules)
        .where(and(countryWide(), oneComponent))
        .orderBy(sql`${taxRules.country} <> ${ANY_COUNTRY}`, asc(taxRules.country));
      return rows.map(toRate);
    },

    /** Creates or replaces the country's rule for every region and category. */
    async set(rate: Omit<CountryRateRecord, 'updatedAt'>): Promise<CountryRateRecord> {
      const components = [{ name: rate.name, rateBasisPoints: rate.rateBasisPoints }];
      const updated = await replace(rate.country, components);
      if (updated) return toRate(updated);
      try {
        const [row] = await db
          .insert(taxRules)
          .values({ country: rate.country, region: '*', taxCategoryId: null, components })
          .returning();
        if (!row) throw new Error('tax rule insert returned no row');
        return toRate(row);
      } catch (error) {
        // Another request inserted the same key meanwhile: replace what it wrote, as an upsert would.
        if (!isUniqueViolation(error, 'tax_rules_key')) throw error;
        const row = await replace(rate.country, components);
        if (!row) throw error;
        return toRate(row);
      }
    },

    /** False when the country has no rate of its own. */
    async delete(country: string): Promise<boolean> {
      const rows = await db
        .delete(taxRules)
        .where(and(countryWide(country), oneComponent))
        .returning({ id: taxRules.id });
      return rows.length > 0;
    },
  };
}

export type TaxRatesRepository = ReturnType<typeof createTaxRatesRepository>;
