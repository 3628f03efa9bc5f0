import type { Executor } from '@storefront/db/client';
import { isForeignKeyViolation } from '@storefront/db/errors';
import { type TaxRuleComponentRow, taxCategories, taxRules } from '@storefront/db/schema';
import { asc, eq, sql } from 'drizzle-orm';
import { AppError, validationError } from '../../errors';
import { translateUniqueViolations } from '../../unique-violations';

/** A rule as the back office sees it: its category by code (null: `*`). */
export interface TaxRuleRecord {
  id: number;
  country: string;
  region: string;
  taxCategoryId: number | null;
  taxCategoryCode: string | null;
  components: TaxRuleComponentRow[];
}

export interface TaxRuleValues {
  country: string;
  region: string;
  taxCategoryId: number | null;
  components: TaxRuleComponentRow[];
}

export const taxRuleExists = () => new AppError('TAX_RULE_EXISTS');

const ruleColumns = {
  id: taxRules.id,
  country: taxRules.country,
  region: taxRules.region,
  taxCategoryId: taxRules.taxCategoryId,
  taxCategoryCode: taxCategories.code,
  components: taxRules.components,
};

/**
 * Same key → TAX_RULE_EXISTS (409); a category deleted since the service found it → 422 on
 * `tax_category`, as if it had never existed.
 */
async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await translateUniqueViolations(work, { tax_rules_key: taxRuleExists });
  } catch (error) {
    if (isForeignKeyViolation(error)) {
      throw validationError({ tax_category: ['Unknown tax category.'] });
    }
    throw error;
  }
}

/** Tax rules as the back office writes them. */
export function createTaxRulesRepository(db: Executor) {
  const select = () =>
    db
      .select(ruleColumns)
      .from(taxRules)
      .leftJoin(taxCategories, eq(taxCategories.id, taxRules.taxCategoryId));

  async function find(id: number): Promise<TaxRuleRecord | undefined> {
    const [row] = await select().where(eq(taxRules.id, id));
    return row;
  }

  return {
    /** By country, region and category, `*` first in each. */
    list(): Promise<TaxRuleRecord[]> {
      return select().orderBy(
        asc(taxRules.country),
        asc(taxRules.region),
        sql`${taxCategories.code} asc nulls first`,
        asc(taxRules.id),
      );
    },

    find,

    async insert(values: TaxRuleValues): Promise<TaxRuleRecord> {
      const [row] = await guarded(() =>
        db.insert(taxRules).values(values).returning({ id: taxRules.id }),
      );
      const created = row && (await find(row.id));
      if (!created) throw new Error('tax rule insert returned no row');
      return created;
    },

    /** True when inserted; an existing rule with the same key is left as it is. */
    async insertIfMissing(values: TaxRuleValues): Promise<boolean> {
      const rows = await db
        .insert(taxRules)
        .values(values)
        .onConflictDoNothing()
        .returning({ id: taxRules.id });
      return rows.length > 0;
    },

    async update(id: number, values: TaxRuleValues): Promise<TaxRuleRecord | undefined> {
      const [row] = await guarded(() =>
        db
          .update(taxRules)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(taxRules.id, id))
          .returning({ id: taxRules.id }),
      );
      return row && find(row.id);
    },

    /** False when there is no such rule. */
    async delete(id: number): Promise<boolean> {
      const rows = await db
        .delete(taxRules)
        .where(eq(taxRules.id, id))
        .returning({ id: taxRules.id });
      return rows.length > 0;
    },
  };
}

export type TaxRulesRepository = ReturnType<typeof createTaxRulesRepository>;
