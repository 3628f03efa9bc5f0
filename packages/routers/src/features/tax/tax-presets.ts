import { ANY, indianStateFrom, validateGstin } from '@storefront/pricing';
import { validationError } from '../../errors';
import type { InTransaction } from '../../transactions';
import type { TaxRepositories } from './tax.repositories';

/** India's GST slabs the preset creates categories for, in percent. */
export const INDIA_GST_RATES = [0, 5, 18, 40] as const;

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
  const gstin = taxId ? validateGstin(taxId) : undefined;
  const region = gstin?.ok ? gstin.state.iso?.slice(3) : undefined;
  if (!region) {
    throw validationError({
      state: ['Give the shop’s state, or save its GSTIN in the tax settings first.'],
    });
  }
  return region;
}

/**
 * The "India GST" preset (docs/tax.md, "Administering tax"): categories GST0, GST5, GST18 and
 * GST40, and for each the intra-state rule (IN, home state) → CGST + SGST at half the rate each
 * and the inter-state rule (IN, *) → IGST; 0 % is an exemption (no components). What exists
 * already — a category's code, a rule's key — is left untouched, so running it twice creates
 * nothing the second time.
 */
export async function presetIndiaGst(
  inTransaction: InTransaction<TaxRepositories>,
  input: { state?: string | undefined },
) {
  return inTransaction(async (tx) => {
    const region = homeState(input.state, (await tx.settings.read()).taxId);
    let categoriesCreated = 0;
    let rulesCreated = 0;
    for (const rate of INDIA_GST_RATES) {
      const code = `GST${rate}`;
      const created = await tx.categories.insertIfMissing({
        code,
        name: `GST ${rate} %`,
        hsnCode: null,
      });
      if (created) categoriesCreated += 1;
      const category = created ?? (await tx.categories.findByCode(code));
      if (!category) throw new Error(`tax category ${code} missing after insert`);
      const basisPoints = rate * 100;
      const intra =
        rate === 0
          ? []
          : [
              { name: 'CGST', rateBasisPoints: basisPoints / 2 },
              { name: 'SGST', rateBasisPoints: basisPoints / 2 },
            ];
      const inter = rate === 0 ? [] : [{ name: 'IGST', rateBasisPoints: basisPoints }];
      for (const [ruleRegion, components] of [
        [region, intra],
        [ANY, inter],
      ] as const) {
        const inserted = await tx.rules.insertIfMissing({
          country: 'IN',
          region: ruleRegion,
          taxCategoryId: category.id,
          components: [...components],
        });
        if (inserted) rulesCreated += 1;
      }
    }
    return { categories_created: categoriesCreated, rules_created: rulesCreated };
  });
}
