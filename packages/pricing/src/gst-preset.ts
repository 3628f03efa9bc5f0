/**
 * The "India GST" preset as data (docs/tax.md, "Administering tax"): the categories and rules
 * the back office's `presetIndiaGst` creates and the Indian demo shop is seeded with — one
 * definition, so the two never disagree.
 */
import { validateGstin } from './gst';
import { ANY, type TaxComponent, type TaxRule } from './tax-rules';

/** India's GST slabs the preset creates categories for, in percent. */
export const INDIA_GST_RATES = [0, 5, 18, 40] as const;

export interface GstPresetCategory {
  /** `GST18` */
  code: string;
  /** `GST 18 %` */
  name: string;
  ratePercent: number;
}

/**
 * GST at `ratePercent`: within the seller's state CGST + SGST at half the rate each, to another
 * state IGST at the whole rate; 0 % is an exemption (no components).
 */
export function gstComponents(ratePercent: number, supply: 'intra' | 'inter'): TaxComponent[] {
  if (ratePercent === 0) return [];
  const basisPoints = ratePercent * 100;
  return supply === 'intra'
    ? [
        { name: 'CGST', rateBasisPoints: basisPoints / 2 },
        { name: 'SGST', rateBasisPoints: basisPoints / 2 },
      ]
    : [{ name: 'IGST', rateBasisPoints: basisPoints }];
}

/**
 * The preset for a shop whose home state is `homeRegion` (`KA`): a category per slab, and for
 * each its intra-state rule `(IN, homeRegion)` and inter-state rule `(IN, *)`, in that order.
 * Rules name their category by code.
 */
export function indiaGstPreset(homeRegion: string): {
  categories: GstPresetCategory[];
  rules: TaxRule[];
} {
  const categories = INDIA_GST_RATES.map((rate) => ({
    code: `GST${rate}`,
    name: `GST ${rate} %`,
    ratePercent: rate,
  }));
  const rules = categories.flatMap((category) =>
    (
      [
        [homeRegion, 'intra'],
        [ANY, 'inter'],
      ] as const
    ).map(([region, supply]) => ({
      country: 'IN',
      region,
      taxCategory: category.code,
      components: gstComponents(category.ratePercent, supply),
    })),
  );
  return { categories, rules };
}

/** The home state (`KA`) of a valid GSTIN's holder; undefined for anything else. */
export function gstinRegion(taxId: string | null | undefined): string | undefined {
  const verdict = taxId ? validateGstin(taxId) : undefined;
  return verdict?.ok ? verdict.state.iso?.slice(3) : undefined;
}
