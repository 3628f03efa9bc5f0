import { validationError } from '../../errors';
import type { TaxCategoryRecord } from '../tax';

/*
 * A product's tax category (docs/tax.md): the back office names it by code, the row holds its
 * id, so renaming a category's code moves every product with it.
 */

/** The id a product stores for `code` (null clears it); 422 on `tax_category` when unknown. */
export async function taxCategoryIdFor(
  categories: () => Promise<TaxCategoryRecord[]>,
  code: string | null,
): Promise<number | null> {
  if (code === null) return null;
  const category = (await categories()).find((c) => c.code === code);
  if (!category) throw validationError({ tax_category: ['Unknown tax category.'] });
  return category.id;
}

/** The admin DTO's `tax_category` (code) and `hsn_code` (the category's) of a product. */
export function taxFieldsOf(
  taxCategoryId: number | null,
  categories: readonly TaxCategoryRecord[],
): { tax_category: string | null; hsn_code: string | null } {
  const category =
    taxCategoryId === null ? undefined : categories.find((c) => c.id === taxCategoryId);
  return { tax_category: category?.code ?? null, hsn_code: category?.hsnCode ?? null };
}
