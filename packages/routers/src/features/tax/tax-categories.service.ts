import { AppError } from '../../errors';
import type { InTransaction } from '../../transactions';
import type { TaxCategoryInput, TaxCategoryUpdateInput } from './tax.admin.schemas';
import type { TaxRepositories } from './tax.repositories';
import { taxCategoryInUse } from './tax-categories.repository';
import type { TaxCategoryRecord } from './tax-reads.repository';

export function toAdminTaxCategoryDto(category: TaxCategoryRecord, productsCount: number) {
  return {
    id: category.id,
    code: category.code,
    name: category.name,
    hsn_code: category.hsnCode,
    products_count: productsCount,
  };
}

const categoryNotFound = () => new AppError('NOT_FOUND', 'Tax category not found.');

/**
 * admin.taxCategories: what a product is for tax (docs/tax.md). A category named by a product or
 * a rule cannot be deleted (409). `changed` clears the cached tax reads after each write.
 */
export function createTaxCategoriesService(deps: {
  repos: TaxRepositories;
  inTransaction: InTransaction<TaxRepositories>;
  changed: () => void;
}) {
  const { repos, inTransaction, changed } = deps;
  const withCount = async (category: TaxCategoryRecord) =>
    toAdminTaxCategoryDto(category, (await repos.productsPerCategory()).get(category.id) ?? 0);

  return {
    async list() {
      const [categories, counts] = await Promise.all([
        repos.categories.list(),
        repos.productsPerCategory(),
      ]);
      return categories.map((category) =>
        toAdminTaxCategoryDto(category, counts.get(category.id) ?? 0),
      );
    },

    async create(input: TaxCategoryInput) {
      const created = await repos.categories.insert({
        code: input.code,
        name: input.name,
        hsnCode: input.hsn_code ?? null,
      });
      changed();
      return toAdminTaxCategoryDto(created, 0);
    },

    /** Changes only the fields given; rules and products follow a new code (they hold the id). */
    async update(id: number, input: TaxCategoryUpdateInput) {
      const changes: Partial<Omit<TaxCategoryRecord, 'id'>> = {};
      if (input.code !== undefined) changes.code = input.code;
      if (input.name !== undefined) changes.name = input.name;
      if (input.hsn_code !== undefined) changes.hsnCode = input.hsn_code;
      const updated = await repos.categories.update(id, changes);
      if (!updated) throw categoryNotFound();
      changed();
      return withCount(updated);
    },

    /** 409 TAX_CATEGORY_IN_USE while a product or a rule names it. */
    async delete(id: number): Promise<null> {
      await inTransaction(async (tx) => {
        if (!(await tx.categories.find(id))) throw categoryNotFound();
        const products = (await tx.productsPerCategory()).get(id) ?? 0;
        if (products > 0 || (await tx.categories.usedByRules(id))) throw taxCategoryInUse();
        if (!(await tx.categories.delete(id))) throw categoryNotFound();
      });
      changed();
      return null;
    },
  };
}

export type TaxCategoriesService = ReturnType<typeof createTaxCategoriesService>;
