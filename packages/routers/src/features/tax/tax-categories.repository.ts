import type { Executor } from '@storefront/db/client';
import { isForeignKeyViolation } from '@storefront/db/errors';
import { taxCategories, taxRules } from '@storefront/db/schema';
import { asc, eq } from 'drizzle-orm';
import { AppError } from '../../errors';
import { translateUniqueViolations } from '../../unique-violations';
import { type TaxCategoryRecord, taxCategoryColumns } from './tax-reads.repository';

export type TaxCategoryValues = Omit<TaxCategoryRecord, 'id'>;

export const taxCategoryExists = () =>
  new AppError('TAX_CATEGORY_EXISTS', undefined, {
    fieldErrors: { code: ['A tax category with this code already exists.'] },
  });
export const taxCategoryInUse = () => new AppError('TAX_CATEGORY_IN_USE');

const uniqueCode = { tax_categories_code_key: taxCategoryExists };

/** Tax categories as the back office writes them. */
export function createTaxCategoriesRepository(db: Executor) {
  return {
    list(): Promise<TaxCategoryRecord[]> {
      return db.select(taxCategoryColumns).from(taxCategories).orderBy(asc(taxCategories.code));
    },

    async find(id: number): Promise<TaxCategoryRecord | undefined> {
      const [row] = await db
        .select(taxCategoryColumns)
        .from(taxCategories)
        .where(eq(taxCategories.id, id));
      return row;
    },

    async findByCode(code: string): Promise<TaxCategoryRecord | undefined> {
      const [row] = await db
        .select(taxCategoryColumns)
        .from(taxCategories)
        .where(eq(taxCategories.code, code));
      return row;
    },

    /** A taken code is TAX_CATEGORY_EXISTS (409). */
    async insert(values: TaxCategoryValues): Promise<TaxCategoryRecord> {
      const [row] = await translateUniqueViolations(
        () => db.insert(taxCategories).values(values).returning(taxCategoryColumns),
        uniqueCode,
      );
      if (!row) throw new Error('tax category insert returned no row');
      return row;
    },

    /** The new category, or undefined when the code is taken already (the preset's "when missing"). */
    async insertIfMissing(values: TaxCategoryValues): Promise<TaxCategoryRecord | undefined> {
      const [row] = await db
        .insert(taxCategories)
        .values(values)
        .onConflictDoNothing()
        .returning(taxCategoryColumns);
      return row;
    },

    async update(
      id: number,
      changes: Partial<TaxCategoryValues>,
    ): Promise<TaxCategoryRecord | undefined> {
      const [row] = await translateUniqueViolations(
        () =>
          db
            .update(taxCategories)
            .set({ ...changes, updatedAt: new Date() })
            .where(eq(taxCategories.id, id))
            .returning(taxCategoryColumns),
        uniqueCode,
      );
      return row;
    },

    async usedByRules(id: number): Promise<boolean> {
      return (await db.$count(taxRules, eq(taxRules.taxCategoryId, id))) > 0;
    },

    /**
     * False when there is no such category. A product or rule naming it (one written since the
     * caller checked) is TAX_CATEGORY_IN_USE: the foreign keys restrict the delete.
     */
    async delete(id: number): Promise<boolean> {
      try {
        const rows = await db
          .delete(taxCategories)
          .where(eq(taxCategories.id, id))
          .returning({ id: taxCategories.id });
        return rows.length > 0;
      } catch (error) {
        if (isForeignKeyViolation(error)) throw taxCategoryInUse();
        throw error;
      }
    },
  };
}

export type TaxCategoriesRepository = ReturnType<typeof createTaxCategoriesRepository>;
