import type { Executor } from '@storefront/db/client';
import { createTaxCategoriesRepository } from './tax-categories.repository';
import { createTaxRulesRepository } from './tax-rules.repository';
import { createTaxSettingsRepository } from './tax-settings.repository';

/** How many products name each tax category (catalog's read, passed in by the composition root). */
export type ProductsPerTaxCategory = (executor: Executor) => Promise<Map<number, number>>;

/** The tax slice's repositories on one executor, and catalog's count of products per category. */
export function taxRepositories(executor: Executor, productsPerCategory: ProductsPerTaxCategory) {
  return {
    categories: createTaxCategoriesRepository(executor),
    rules: createTaxRulesRepository(executor),
    settings: createTaxSettingsRepository(executor),
    productsPerCategory: () => productsPerCategory(executor),
  };
}

export type TaxRepositories = ReturnType<typeof taxRepositories>;
