import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { SpecForm } from '../../components/SpecForm';
import type { AdminProduct } from '../../lib/api-types';
import { fieldErrors } from '../../lib/errors';
import { taxCategoryInput } from '../../lib/tax-form';
import { useTRPC } from '../../trpc';
import { CategoryPicker } from './CategoryPicker';
import { PRODUCT_EDIT_FIELDS } from './product-fields';
import { TaxCategorySelect } from './TaxCategorySelect';

/** The product's own fields, its categories and its tax category, saved together. */
export function ProductDetailsForm(props: {
  product: AdminProduct;
  update: ReturnType<typeof useProductUpdate>;
}) {
  const { product, update } = props;
  const [categoryIds, setCategoryIds] = useState(() => product.category_ids.map(String));
  const [taxCategory, setTaxCategory] = useState(product.tax_category ?? '');
  return (
    <SpecForm
      fields={PRODUCT_EDIT_FIELDS}
      mode="update"
      record={product}
      submitLabel="Save product"
      pending={update.isPending}
      error={update.error}
      onSubmit={(input) =>
        update.mutate({
          id: product.id,
          ...input,
          category_ids: categoryIds.map(Number),
          tax_category: taxCategoryInput(taxCategory),
        })
      }
    >
      <TaxCategorySelect
        value={taxCategory}
        error={fieldErrors(update.error).tax_category}
        onChange={setTaxCategory}
      />
      <CategoryPicker value={categoryIds} onChange={setCategoryIds} />
    </SpecForm>
  );
}

export function useProductUpdate() {
  const trpc = useTRPC();
  return useMutation(trpc.admin.products.update.mutationOptions());
}
