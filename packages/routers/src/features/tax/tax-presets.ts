import { gstinRegion, indiaGstPreset, indianStateFrom } from '@storefront/pricing';
import { validationError } from '../../errors';
import type { InTransaction } from '../../transactions';
import type { TaxRepositories } from './tax.repositories';

/**
 * The shop's state for intra-state GST: the one given (code or name), else the state of the
 * shop's GSTIN (tax settings), else 422 naming `state`.
 */
function homeState(state: string | undefined, taxId: string | null): string {
  if (state !== undefined) {
    const region = indianStateFrom(state)?.region;
    if (!region) {
      throw validationError({
        state: ['Not an Indian state or union territory: give its code (KA, IN-KA) or name.'],
      });
    }
    return region;
  }
  const region = gstinRegion(taxId);
  if (!region) {
    throw validationError({
      state: ['Give the shop’s state, or save its GSTIN in the tax settings first.'],
    });
  }
  return region;
}

/**
 * The "India GST" preset (docs/tax.md, "Administering tax"): the categories and rules of
 * `indiaGstPreset` (@storefront/pricing, which the Indian demo shop is seeded from too) for the
 * shop's home state. What exists already — a category's code, a rule's key — is left untouched,
 * so running it twice creates nothing the second time.
 */
export async function presetIndiaGst(
  inTransaction: InTransaction<TaxRepositories>,
  input: { state?: string | undefined },
) {
  return inTransaction(async (tx) => {
    const preset = indiaGstPreset(homeState(input.state, (await tx.settings.read()).taxId));
    let categoriesCreated = 0;
    let rulesCreated = 0;
    for (const { code, name } of preset.categories) {
      const created = await tx.categories.insertIfMissing({ code, name, hsnCode: null });
      if (created) categoriesCreated += 1;
      const category = created ?? (await tx.categories.findByCode(code));
      if (!category) throw new Error(`tax category ${code} missing after insert`);
      for (const rule of preset.rules.filter((r) => r.taxCategory === code)) {
        const inserted = await tx.rules.insertIfMissing({
          country: rule.country,
          region: rule.region,
          taxCategoryId: category.id,
          components: rule.components,
        });
        if (inserted) rulesCreated += 1;
      }
    }
    return { categories_created: categoriesCreated, rules_created: rulesCreated };
  });
}
